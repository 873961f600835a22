import { describe, expect, it } from 'vitest';
import { LeaseTable } from './leases.ts';

function table() {
  let now = 1_000;
  const leases = new LeaseTable(() => now);
  return { leases, advance: (ms: number) => (now += ms) };
}

describe('LeaseTable', () => {
  it('refuses a second agent while the first lease runs, and renews for the holder', () => {
    const { leases } = table();

    expect(leases.claim('ticket-T-1', 'billing', 100)).toBe(true);
    expect(leases.claim('ticket-T-1', 'refunds', 100)).toBe(false);
    expect(leases.claim('ticket-T-1', 'billing', 100)).toBe(true);
    expect(leases.holder('ticket-T-1')?.agent).toBe('billing');
  });

  it('grants the work to another agent once the lease has run out', () => {
    const { leases, advance } = table();
    leases.claim('ticket-T-1', 'billing', 100);

    advance(100);

    expect(leases.holder('ticket-T-1')).toBeUndefined();
    expect(leases.claim('ticket-T-1', 'refunds', 100)).toBe(true);
  });

  it('lets record overwrite a running lease: the flaw the no-lease variant has', () => {
    const { leases } = table();
    leases.claim('ticket-T-1', 'billing', 100);

    leases.record('ticket-T-1', 'refunds', 100);

    expect(leases.holder('ticket-T-1')?.agent).toBe('refunds');
  });
});
