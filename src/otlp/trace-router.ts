import type { SpanRecord } from '../normalize/span-record.ts';

interface CaseBuffer {
  readonly spans: SpanRecord[];
  /** When the last span arrived (performance.now()), or when the buffer opened. */
  lastArrival: number;
}

/** How long to wait for a case's spans: until `quietMs` pass without one, at most `maxMs`. */
export interface SettleOptions {
  readonly quietMs: number;
  readonly maxMs: number;
  readonly signal?: AbortSignal;
}

/**
 * Routes spans that arrive from outside the process to the case run whose trace id they carry.
 * Each case run opens its trace id before it sends anything and closes it when it is over;
 * spans of a trace id that is not open (another tool's traffic, a straggler after its case
 * closed) are dropped and counted, never handed to another case.
 */
export class TraceRouter {
  private readonly buffers = new Map<string, CaseBuffer>();
  private droppedCount = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Spans dropped so far because no case had their trace id open. */
  get dropped(): number {
    return this.droppedCount;
  }

  open(traceId: string): void {
    this.buffers.set(traceId, { spans: [], lastArrival: this.now() });
  }

  /** Stops collecting `traceId` and returns its spans; closing twice returns nothing. */
  close(traceId: string): SpanRecord[] {
    const buffer = this.buffers.get(traceId);
    this.buffers.delete(traceId);
    return buffer?.spans ?? [];
  }

  /** Files each span under its trace; returns how many were dropped. */
  add(spans: readonly SpanRecord[]): number {
    let dropped = 0;
    const at = this.now();
    for (const span of spans) {
      const buffer = this.buffers.get(span.traceId);
      if (buffer) {
        buffer.spans.push(span);
        buffer.lastArrival = at;
      } else dropped++;
    }
    this.droppedCount += dropped;
    return dropped;
  }

  /**
   * Resolves once no span of `traceId` has arrived for `quietMs` (counted from now at the
   * earliest), or `maxMs` after the call, or when `signal` aborts. Never rejects.
   */
  async settle(traceId: string, o: SettleOptions): Promise<void> {
    const started = this.now();
    const deadline = started + o.maxMs;
    for (;;) {
      const buffer = this.buffers.get(traceId);
      if (!buffer || o.signal?.aborted) return;
      const quietUntil = Math.max(buffer.lastArrival, started) + o.quietMs;
      const wait = Math.min(quietUntil, deadline) - this.now();
      if (wait <= 0) return;
      await sleep(wait, o.signal);
    }
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
