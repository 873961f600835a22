import { stat } from 'node:fs/promises';
import type { SpanRecord } from '../normalize/span-record.ts';
import { emptyChain, type HeldChain, HeldSpanArena } from './held-spans.ts';
import { packedParts } from './packed-parts.ts';
import type { OnProblem } from './read-batches.ts';
import { RecentKeys } from './recent-keys.ts';
import { BATCH_END, PackCursor, type PackedPart, PROBLEM } from './span-pack.ts';
import { canThread, threadedParts } from './threaded-parts.ts';
import { TouchOrder } from './touch-order.ts';

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
  /**
   * Read and parse the file in a worker thread while this one holds the traces: by default for
   * a regular file of `THREAD_FROM_BYTES` or more, where it reads about twice as fast on two
   * cores or more. `false` keeps everything in this thread; `true` threads any file.
   */
  readonly threads?: boolean;
}

/** Files from this size are read in a worker thread unless `threads: false`: 16 MB. */
export const THREAD_FROM_BYTES = 16 * 1024 * 1024;

/** A trace being read; itself the chain of its spans in the arena. */
interface Open extends HeldChain {
  readonly id: string;
  /** The sequence number of its last span. */
  last: number;
  rootSeen: boolean;
  readonly late: boolean;
  /** Where it is held: extended lately, or quiet but rootless (complete or not, nobody knows). */
  held: 'open' | 'waiting' | 'done';
  /** Its stamp in the waiting order, while waiting. */
  waited: number;
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
  const select = options.select;
  const traces = new Map<string, Open>();
  // Least recently extended first; quiet rootless traces in the order they went quiet.
  const open = new TouchOrder<Open>((t) => (t.held === 'open' ? t.last : -1));
  const waiting = new TouchOrder<Open>((t) => (t.held === 'waiting' ? t.waited : -1));
  const done = new RecentKeys(REMEMBERED_DONE);
  let seq = 0;
  let waits = 0;
  let held = 0;
  const finish = (t: Open, cut: boolean): Trace => {
    held -= t.count;
    t.held = 'done';
    traces.delete(t.id);
    done.add(t.id);
    return { traceId: t.id, spans: arena.take(t), partial: cut || t.late };
  };
  const arena = new HeldSpanArena();
  let lates: string[] = [];
  const cursor = new PackCursor();
  for await (const part of await partsOf(file, options.threads)) {
    cursor.load(part);
    while (!cursor.done) {
      const tag = cursor.int();
      if (tag === PROBLEM) {
        onProblem({ file, ...cursor.problem() });
        continue;
      }
      if (tag !== BATCH_END) {
        // A span: its flags, then its trace id, then the rest (`SpanPacker.span`).
        const flags = cursor.int();
        const id = cursor.text();
        if (select && !select(id)) {
          cursor.skipSpan(flags);
          continue;
        }
        let t = traces.get(id);
        if (t === undefined) {
          // Each field written out: a spread here made every new trace a slow object copy.
          const chain = emptyChain();
          t = {
            head: chain.head,
            tail: chain.tail,
            count: chain.count,
            id,
            last: 0,
            rootSeen: false,
            late: done.has(id),
            held: 'open',
            waited: -1,
          };
          traces.set(id, t);
          if (t.late) lates.push(id);
        } else t.held = 'open';
        if (arena.addPacked(t, id, flags, cursor)) t.rootSeen = true;
        t.last = seq;
        open.touch(t, seq++);
        held++;
        continue;
      }
      const line = cursor.int();
      // After the batch's own problems, as when its spans were all converted first.
      if (lates.length > 0) {
        for (const id of lates) onProblem({ file, line, message: lateMessage(id, settle) });
        lates = [];
      }
      for (let t = open.oldest(); t !== undefined && seq - t.last >= settle; t = open.oldest()) {
        open.shift();
        if (t.rootSeen) yield finish(t, false);
        else {
          t.held = 'waiting';
          t.waited = waits;
          waiting.touch(t, waits++);
        }
      }
      while (held > maxHeld) {
        const from = waiting.oldest() !== undefined ? waiting : open;
        const t = from.oldest() as Open;
        from.shift();
        yield finish(t, true);
      }
    }
  }
  for (let t = waiting.oldest(); t !== undefined; t = waiting.oldest()) {
    waiting.shift();
    yield finish(t, false);
  }
  for (let t = open.oldest(); t !== undefined; t = open.oldest()) {
    open.shift();
    yield finish(t, false);
  }
}

/** The file's packed parts, from a worker thread or read in this one (`threads`). */
async function partsOf(
  file: string,
  threads: boolean | undefined,
): Promise<AsyncGenerator<PackedPart>> {
  if (threads === false || !canThread()) return packedParts(file);
  if (threads === true) return threadedParts(file);
  const size = await stat(file).then(
    (s) => (s.isFile() ? s.size : 0),
    () => 0,
  );
  return size >= THREAD_FROM_BYTES ? threadedParts(file) : packedParts(file);
}

function lateMessage(id: string, settle: number): string {
  return `spans of trace ${id} arrived after Baton had taken the trace as complete (${settle} spans without one of its own); raise settleSpans`;
}
