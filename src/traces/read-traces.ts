import type { SpanRecord } from '../normalize/span-record.ts';
import { ArrivalQueue, type Arrived } from './arrival-queue.ts';
import type { OnProblem } from './read-batches.ts';
import { readSpanRecords } from './read-records.ts';

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
   * last, so a root plus a quiet stretch means the trace is over. Memory holds the spans of
   * the traces open within that stretch.
   */
  readonly settleSpans?: number;
  /** At most this many spans are held (default 200,000); beyond, the oldest traces go out partial. */
  readonly maxHeldSpans?: number;
  readonly onProblem?: OnProblem;
}

interface Open extends Arrived {
  readonly id: string;
  readonly spans: SpanRecord[];
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
  const open = new Map<string, Open>(); // taking spans
  const waiting = new Map<string, Open>(); // quiet but rootless: complete or not, nobody knows
  const arrivals = new ArrivalQueue<Open>();
  const done = new Set<string>();
  let seq = 0;
  let held = 0;
  const finish = (t: Open, cut: boolean): Trace => {
    held -= t.spans.length;
    t.out = true;
    open.delete(t.id);
    waiting.delete(t.id);
    done.add(t.id);
    if (done.size > REMEMBERED_DONE) done.delete(done.values().next().value as string);
    return { traceId: t.id, spans: t.spans, partial: cut || t.late };
  };
  for await (const batch of readSpanRecords(file, onProblem)) {
    for (const span of batch.spans) {
      const id = span.traceId;
      if (options.select && !options.select(id)) continue;
      let t = open.get(id);
      if (t === undefined) {
        t = waiting.get(id);
        if (t) waiting.delete(id);
        else {
          t = { id, spans: [], last: 0, out: false, rootSeen: false, late: done.has(id) };
          if (t.late) onProblem({ file, line: batch.line, message: lateMessage(id, settle) });
        }
        open.set(id, t);
      }
      t.spans.push(span);
      t.last = seq;
      arrivals.push(t, seq++);
      held++;
      if (span.parentId === undefined) t.rootSeen = true;
    }
    for (let t = arrivals.front(); t && seq - t.last >= settle; t = arrivals.front()) {
      arrivals.drop();
      if (t.rootSeen) yield finish(t, false);
      else {
        open.delete(t.id);
        waiting.set(t.id, t);
      }
    }
    while (held > maxHeld) {
      const t = waiting.size > 0 ? (waiting.values().next().value as Open) : arrivals.front();
      if (t === undefined) break;
      yield finish(t, true);
    }
  }
  for (const t of [...waiting.values()]) yield finish(t, false);
  for (const t of [...arrivals.open()]) yield finish(t, false);
}

function lateMessage(id: string, settle: number): string {
  return `spans of trace ${id} arrived after Baton had taken the trace as complete (${settle} spans without one of its own); raise settleSpans`;
}
