/**
 * Who is working on what, for one conversation. The holder is a worker (one delivery of the
 * work), not an agent name: when the same handoff arrives twice, two workers of the same agent
 * race, and only one may act. A real desk keeps this in a shared store with a compare-and-set.
 */
export class ClaimTable {
  private readonly holders = new Map<string, string>();

  /** Takes `work` for `worker` unless another worker holds it; true when granted. */
  claim(work: string, worker: string): boolean {
    const holder = this.holders.get(work);
    if (holder !== undefined && holder !== worker) return false;
    this.holders.set(work, worker);
    return true;
  }

  /** Lets go of `work` if `worker` holds it. */
  release(work: string, worker: string): void {
    if (this.holders.get(work) === worker) this.holders.delete(work);
  }
}
