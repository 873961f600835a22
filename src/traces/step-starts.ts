import type { SpanRecord } from '../normalize/span-record.ts';

/** Where one derived step begins: its first span, and every span that opens it (all at step k). */
export interface Start {
  /** Absent for a step an attribute rule skipped (a gap in the numbers): an empty step. */
  readonly span?: SpanRecord;
  readonly members: readonly SpanRecord[];
  readonly describe: string;
}

/** Start-time order, ties by span id, so the order spans arrived in never matters. */
export function byStart(a: SpanRecord, b: SpanRecord): number {
  return a.start - b.start || (a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0);
}

/** A span's text on one line, at most 60 characters, quoted. */
export function quote(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(line.length > 60 ? `${line.slice(0, 59)}…` : line);
}
