/** One agent's hold on a piece of work, until `expiresAt` (ms since the epoch). */
export interface Lease {
  readonly agent: string;
  readonly expiresAt: number;
}

/**
 * The lease table the agents of one helpdesk share, in memory. `claim` is check-and-set in one
 * synchronous call, so two agents racing for the same ticket cannot both win. `record` is what
 * code without leases does: it writes its name down and never looks at who was there before.
 */
export class LeaseTable {
  private readonly leases = new Map<string, Lease>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Grants `work` to `agent` for `leaseMs` unless another agent's lease is still running. */
  claim(work: string, agent: string, leaseMs: number): boolean {
    const held = this.holder(work);
    if (held !== undefined && held.agent !== agent) return false;
    this.leases.set(work, { agent, expiresAt: this.now() + leaseMs });
    return true;
  }

  /** Writes `agent` down as the holder without checking anyone else's lease. */
  record(work: string, agent: string, leaseMs: number): void {
    this.leases.set(work, { agent, expiresAt: this.now() + leaseMs });
  }

  /** The lease on `work` that is still running, if any. */
  holder(work: string): Lease | undefined {
    const lease = this.leases.get(work);
    return lease !== undefined && lease.expiresAt > this.now() ? lease : undefined;
  }
}
