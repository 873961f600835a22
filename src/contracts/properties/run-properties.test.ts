import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkEnvelope } from '../check-envelope.ts';
import { defineContract } from '../define-contract.ts';
import { rules } from '../rules/index.ts';
import type { Envelope, NegotiationRequest, ReceiveOutcome } from '../types.ts';
import { runProperties } from './run-properties.ts';

const contract = defineContract({
  from: 'triage',
  to: 'refunds',
  fields: { order_id: z.string().regex(/^A-\d{4}$/), amount: z.number().min(0) },
  rules: [rules.goal(), rules.acceptance(), rules.hop({ cap: 4 }), rules.addressee()],
});
const NOW = Date.parse('2026-11-29T12:00:00Z');
const options = { numRuns: 200, now: NOW, hopCap: 3, seed: 42 };

/** Rejects exactly what the contract rejects, naming the top-level fields. */
async function strict(envelope: Envelope): Promise<ReceiveOutcome> {
  const issues = checkEnvelope(contract, envelope, { from: 'triage', to: 'refunds', now: NOW });
  if (issues.length === 0) return { accepted: true };
  return {
    accepted: false,
    reason: 'envelope breaks the contract',
    fields: issues.map((i) => String(i.path[0] ?? '')),
  };
}

/** Checks only the order id, coerces numbers, and says nothing useful when it rejects. */
async function lenient(envelope: Envelope): Promise<ReceiveOutcome> {
  if (typeof envelope.order_id !== 'string')
    return { accepted: false, reason: 'insufficient context', fields: [] };
  return { accepted: true };
}

const outcomes = (results: Awaited<ReturnType<typeof runProperties>>) =>
  Object.fromEntries(results.map((r) => [r.property, r.code ?? r.outcome]));

describe('runProperties', () => {
  it('passes a receiver that accepts exactly the valid envelopes and names what broke', async () => {
    const results = await runProperties([contract], { receiver: () => strict }, options);

    expect(outcomes(results)).toEqual({
      accepts_valid: 'pass',
      rejects_invalid: 'pass',
      names_what_broke: 'pass',
      no_coercion: 'pass',
      deterministic: 'pass',
      bounded_pingpong: 'skip',
    });
    expect(results.find((r) => r.property === 'accepts_valid')?.numRuns).toBe(200);
  });

  it('catches a lenient receiver with one code per broken property, each with seed, path and a small counterexample', async () => {
    const results = await runProperties([contract], { receiver: () => lenient }, options);

    expect(outcomes(results)).toMatchObject({
      accepts_valid: 'pass',
      rejects_invalid: 'contract.accepted_invalid',
      names_what_broke: 'contract.vague_rejection',
      no_coercion: 'contract.coerced',
    });
    const vague = results.find((r) => r.property === 'names_what_broke');
    expect(vague?.message).toMatch(
      /rejected it with "insufficient context" naming no field; the broken field was order_id/,
    );
    expect(vague?.seed).toBe(42);
    expect(vague?.path).toMatch(/^\d+(:\d+)*$/);
    const shrunk = (vague?.counterexample as { envelope: Envelope } | undefined)?.envelope ?? {};
    expect((shrunk.acceptance as string[]).length).toBe(1);
  });

  it('replays exactly the shrunk counterexample from its seed and path', async () => {
    const [first] = (await runProperties([contract], { receiver: () => lenient }, options)).filter(
      (r) => r.property === 'names_what_broke',
    );

    const replay = await runProperties(
      [contract],
      { receiver: () => lenient },
      {
        ...options,
        seed: first?.seed ?? 0,
        path: first?.path ?? '',
        only: first?.id ?? '',
      },
    );

    expect(replay).toHaveLength(1);
    expect(replay[0]).toMatchObject({
      outcome: 'fail',
      numRuns: 1,
      counterexample: first?.counterexample,
    });
  });

  it('flags a receiver that answers the same envelope two ways', async () => {
    let calls = 0;
    const flaky = async (): Promise<ReceiveOutcome> =>
      ++calls % 2 === 0
        ? { accepted: true }
        : { accepted: false, reason: 'busy', fields: ['goal'] };
    const [result] = await runProperties(
      [contract],
      { receiver: () => flaky },
      { ...options, only: 'triage→refunds:deterministic' },
    );
    expect(result).toMatchObject({ outcome: 'fail', code: 'contract.nondeterministic' });
  });

  describe('bounded_pingpong', () => {
    const only = { ...options, only: 'triage→refunds:bounded_pingpong', numRuns: 20 };
    const run = (
      negotiate: (r: NegotiationRequest) => Promise<import('../types.ts').NegotiationOutcome>,
    ) => runProperties([contract], { negotiator: () => negotiate }, only);

    it('passes a sender that stops at the hop cap and escalates to a person with every reason', async () => {
      const [result] = await run(async (r) => {
        const reasons: string[] = [];
        for (let hop = 0; hop < r.hopCap; hop++) {
          const answer = await r.receive({ ...r.envelope, hop });
          if (answer.accepted) return { kind: 'delivered' };
          reasons.push(answer.reason);
        }
        return { kind: 'escalated', to: 'supervisor', toKind: 'person', reasons };
      });
      expect(result).toMatchObject({ outcome: 'pass' });
    });

    it('fails a sender that keeps resending, one that escalates to an agent, and one that drops reasons', async () => {
      const forever = await run(async (r) => {
        for (;;) if ((await r.receive(r.envelope)).accepted) return { kind: 'delivered' };
      });
      const toAgent = await run(async (r) => {
        await r.receive(r.envelope);
        return { kind: 'escalated', to: 'billing', toKind: 'agent', reasons: [] };
      });
      const forgetful = await run(async (r) => {
        await r.receive(r.envelope);
        await r.receive(r.envelope);
        return { kind: 'escalated', to: 'supervisor', toKind: 'person', reasons: [] };
      });
      expect(forever[0]?.message).toMatch(/kept delivering past the hop cap of 3/);
      expect(toAgent[0]?.message).toMatch(/escalated to billing, an agent/);
      expect(forgetful[0]?.message).toMatch(/without 2 of the 2 rejection reasons/);
      for (const r of [forever, toAgent, forgetful])
        expect(r[0]?.code).toBe('contract.unbounded_pingpong');
    });
  });
});
