import type { SpanRecord } from '../normalize/span-record.ts';
import type { OnProblem } from './read-batches.ts';
import { readSpanRecords } from './read-records.ts';
import { RecentKeys } from './recent-keys.ts';

/** The spans of one trace, as a file held them. */
export interface Trace {
  readonly traceId: string;
  readonly spans: SpanRecord[];
  /**
   * True when Baton had to yield the trace before it could know it was complete: memory was
   * full and its root span had not arrived, or spans of an already yielded trace came late.
   */
  readonly partial: boolean;
}

export interface ReadTracesOptions {
  /** Keep only these traces; the others are dropped as they are read (cheap: ids only). */
  readonly select?: (traceId: string) => boolean;
  /**
   * A trace whose root span has arrived is complete once this many further spans were read
   * with none of its own (default 10,000). Exporters write a span when it ends and a root ends
   * last, so a root plus a quiet stretch means the trace is over.
   */
  readonly settleSpans?: number;
  /** At most this many spans are held (default 200,000); beyond, the oldest traces go out partial. */
  readonly maxHeldSpans?: number;
  readonly onProblem?: OnProblem;
}

interface Open {
  readonly spans: SpanRecord[];
  last: number;
  rootSeen: boolean;
  readonly late: boolean;
}

const REMEMBERED_DONE = 100_000;

/**
 * Reads an OTLP/JSON or JSON-lines file as traces, with bounded memory whatever its size: in JSON
 * lines traces interleave, so each is held until it is complete (see `settleSpans`) and then
 * yielded; at the end of the file everything still held is yielded.
 */
export async function* readTraces(
  file: string,
  options: ReadTracesOptions = {},
): AsyncGenerator<Trace> {
  const settle = options.settleSpans ?? 10_000;
  const maxHeld = options.maxHeldSpans ?? 200_000;
  const onProblem = options.onProblem ?? (() => {});
  const open = new Map<string, Open>(); // least recently extended first
  const waiting = new Map<string, Open>(); // quiet but rootless: complete or not, nobody knows
  const done = new RecentKeys(REMEMBERED_DONE);
  let seq = 0;
  let held = 0;
  const finish = (id: string, t: Open, cut: boolean): Trace => {
    held -= t.spans.length;
    done.add(id);
    return { traceId: id, spans: t.spans, partial: cut || t.late };
  };
  for await (const batch of readSpanRecords(file, onProblem)) {
    for (const span of batch.spans) {
      if (options.select && !options.select(span.traceId)) continue;
      const id = span.traceId;
      let t = open.get(id) ?? waiting.get(id);
      if (t) {
        open.delete(id);
        waiting.delete(id);
      } else {
        t = { spans: [], last: 0, rootSeen: false, late: done.has(id) };
        if (t.late) onProblem({ file, line: batch.line, message: lateMessage(id, settle) });
      }
      t.spans.push(span);
      t.last = seq++;
      held++;
      if (span.parentId === undefined) t.rootSeen = true;
      open.set(id, t);
    }
    for (const [id, t] of open) {
      if (seq - t.last < settle) break;
      open.delete(id);
      if (t.rootSeen) yield finish(id, t, false);
      else waiting.set(id, t);
    }
    while (held > maxHeld) {
      const [id, t] = (waiting.size > 0 ? waiting : open).entries().next().value as [string, Open];
      waiting.delete(id);
      open.delete(id);
      yield finish(id, t, true);
    }
  }
  for (const [id, t] of waiting) yield finish(id, t, false);
  for (const [id, t] of open) yield finish(id, t, false);
}

function lateMessage(id: string, settle: number): string {
  return `spans of trace ${id} arrived after Baton had taken the trace as complete (${settle} spans without one of its own); raise settleSpans`;
}
