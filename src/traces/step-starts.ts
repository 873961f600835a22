import { SpanIndex } from '../normalize/span-index.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { exportKeys } from '../normalize/tie-order.ts';

/** Where one derived step begins: its first span, and every span that opens it (all at step k). */
export interface Start {
  /** Absent for a step an attribute rule skipped (a gap in the numbers): an empty step. */
  readonly span?: SpanRecord;
  readonly members: readonly SpanRecord[];
  readonly describe: string;
}

/** A comparison of spans: which of two starts first. */
export type SpanOrder = (a: SpanRecord, b: SpanRecord) => number;

/**
 * Start-time order among `spans`, as the timeline orders their events: spans that start in the
 * same millisecond (an SDK stamps starts in whole milliseconds) by where their work stands in the
 * export, `spans`' own order (a parent with its first descendant, and before it), then by span id.
 * Two customer turns sent within a millisecond thus keep the order they happened in; apart from
 * such ties, the order spans arrived in changes nothing.
 */
export function startOrder(spans: readonly SpanRecord[]): SpanOrder {
  const key = exportKeys(new SpanIndex(spans));
  return (a, b) => {
    if (a.start !== b.start) return a.start - b.start;
    const ka = key(a.spanId);
    const kb = key(b.spanId);
    return (
      ka.first - kb.first ||
      ka.depth - kb.depth ||
      (a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0)
    );
  };
}

/** A span's text on one line, at most 60 characters, quoted. */
export function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 59)}…` : line);
}
