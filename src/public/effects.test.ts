import { context } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createCapture } from '../capture/capture.ts';
import { normalize } from '../normalize/normalize.ts';
import { withAgentTurn } from './conventions.ts';
import { claimWork, emitEffect, releaseWork } from './effects.ts';

const capture = createCapture();

function eventsOf(id: string, fn: () => void) {
  const scope = capture.open(id, 0);
  context.with(scope.context, fn);
  return normalize(scope.close()).events.filter((e) => e.kind !== 'agent_turn');
}

describe('effect helpers', () => {
  it('emitEffect records a committed effect by the agent of the enclosing turn', () => {
    const events = eventsOf('effects', () => {
      withAgentTurn('refunds', () => emitEffect({ effect: 'refund', key: 'A-1' }));
      emitEffect({ effect: 'email', key: 42, agent: 'support', outcome: 'blocked' });
    });
    expect(events).toMatchObject([
      {
        kind: 'effect',
        effect: 'refund',
        key: 'A-1',
        agent: 'refunds',
        outcome: 'committed',
        via: 'span',
      },
      { kind: 'effect', effect: 'email', key: '42', agent: 'support', outcome: 'blocked' },
    ]);
  });

  it('claimWork and releaseWork record a lease and its end', () => {
    const before = Date.now();
    const events = eventsOf('leases', () => {
      claimWork({ work: 'T-1', agent: 'refunds', leaseMs: 60_000 });
      claimWork({ work: 'T-1', agent: 'billing', granted: false });
      releaseWork({ work: 'T-1', agent: 'refunds' });
    });
    expect(events).toMatchObject([
      { kind: 'claim', work: 'T-1', agent: 'refunds', granted: true },
      { kind: 'claim', work: 'T-1', agent: 'billing', granted: false },
      { kind: 'release', work: 'T-1', agent: 'refunds' },
    ]);
    const expiresAt = (events[0] as { expiresAt?: number }).expiresAt ?? 0;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 60_000);
    expect(events[1]).not.toHaveProperty('expiresAt');
  });
});
