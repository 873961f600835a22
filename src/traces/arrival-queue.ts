/** A trace being assembled: what the arrival queue needs to know of it. */
export interface Arrived {
  /** The sequence number of its latest span. */
  last: number;
  /** True once it was yielded: its entries left in the queue are stale. */
  out: boolean;
}

const COMPACT_AT = 1 << 16;

/**
 * Every span read, in order, as (its trace, its sequence number): the front entry that is still
 * its trace's latest names the trace extended least recently. So finding the traces that have
 * gone quiet costs one array push a span and no reordering of a map (which cost two map writes
 * a span). Entries of a trace extended since are stale and dropped as they reach the front;
 * the queue holds at most the spans read since the quietest open trace's last one.
 */
export class ArrivalQueue<T extends Arrived> {
  private traces: T[] = [];
  private seqs: number[] = [];
  private head = 0;

  push(trace: T, seq: number): void {
    this.traces.push(trace);
    this.seqs.push(seq);
  }

  /** The trace extended least recently (dropping stale entries), or undefined when none is open. */
  front(): T | undefined {
    while (this.head < this.traces.length) {
      const t = this.traces[this.head] as T;
      if (!t.out && t.last === this.seqs[this.head]) return t;
      this.drop();
    }
    return undefined;
  }

  /** Removes the front entry (after `front` returned its trace). */
  drop(): void {
    this.head++;
    if (this.head >= COMPACT_AT && this.head * 2 >= this.traces.length) {
      this.traces = this.traces.slice(this.head);
      this.seqs = this.seqs.slice(this.head);
      this.head = 0;
    }
  }

  /** The open traces, extended least recently first (for the end of the file). */
  *open(): Generator<T> {
    for (let i = this.head; i < this.traces.length; i++) {
      const t = this.traces[i] as T;
      if (!t.out && t.last === this.seqs[i]) yield t;
    }
  }
}
