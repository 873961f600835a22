import { z } from 'zod';
import { checkEnvelope } from '../src/contracts/check-envelope.ts';
import { defineContract } from '../src/contracts/define-contract.ts';
import { runProperties } from '../src/contracts/properties/run-properties.ts';
import { rules } from '../src/contracts/rules/index.ts';
import type { Envelope, ReceiveOutcome } from '../src/contracts/types.ts';

/** An envelope with the fields a refund handoff carries and eight rules on top. */
const contract = defineContract({
  from: 'triage',
  to: 'refunds',
  fields: {
    order_id: z.string().regex(/^A-\d{4}$/),
    amount: z.number().min(0),
    currency: z.enum(['EUR', 'USD', 'GBP']),
    history: z.array(z.string()).max(20),
  },
  rules: [
    rules.goal(),
    rules.acceptance(),
    rules.outOfScope(),
    rules.artifactsByReference(),
    rules.freshFindings(),
    rules.cappedFindings(),
    rules.hop({ cap: 4 }),
    rules.addressee(),
  ],
});

/** A correct in-process receiver: validates against the contract, names the broken fields. */
function receiverAt(now: number) {
  return async (envelope: Envelope): Promise<ReceiveOutcome> => {
    const issues = checkEnvelope(contract, envelope, { from: 'triage', to: 'refunds', now });
    if (issues.length === 0) return { accepted: true };
    return {
      accepted: false,
      reason: 'breaks the contract',
      fields: issues.map((i) => String(i.path[0] ?? '')),
    };
  };
}

/**
 * Envelopes checked a second: every receiver property of one edge at `numRuns` envelopes each,
 * through the receiver above. Counts receiver calls (the deterministic property calls twice).
 */
export async function benchEnvelopes(numRuns: number) {
  const now = Date.now();
  let calls = 0;
  const receive = receiverAt(now);
  const counted = async (e: Envelope) => {
    calls += 1;
    return receive(e);
  };
  await runProperties(
    [contract],
    { receiver: () => counted },
    { numRuns: 100, now, hopCap: 4, seed: 1 },
  );
  calls = 0;
  const started = performance.now();
  const results = await runProperties(
    [contract],
    { receiver: () => counted },
    { numRuns, now, hopCap: 4, seed: 7 },
  );
  const ms = performance.now() - started;
  const failed = results.filter((r) => r.outcome === 'fail' || r.outcome === 'error');
  if (failed.length > 0)
    throw new Error(`the bench receiver failed ${failed.map((f) => f.id).join(', ')}`);
  return { calls, ms, perSecond: Math.round(calls / (ms / 1e3)) };
}
