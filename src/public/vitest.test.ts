import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkEnvelope } from '../contracts/check-envelope.ts';
import { defineContract } from '../contracts/define-contract.ts';
import { rules } from '../contracts/rules/index.ts';
import type { Envelope, ReceiveOutcome } from '../contracts/types.ts';
import { brokenEnvelopes, validEnvelopes } from './vitest.ts';

const toRefunds = defineContract({
  from: 'triage',
  to: 'refunds',
  fields: { order_id: z.string().regex(/^A-\d{4}$/) },
  rules: [rules.goal(), rules.acceptance(), rules.hop({ cap: 4 })],
});

async function receive(envelope: Envelope): Promise<ReceiveOutcome> {
  const issues = checkEnvelope(toRefunds, envelope, {
    from: 'triage',
    to: 'refunds',
    now: Date.now(),
  });
  if (issues.length === 0) return { accepted: true };
  return {
    accepted: false,
    reason: `broken: ${issues[0]?.path.join('.')}`,
    fields: issues.map((i) => String(i.path[0])),
  };
}

const valid = {
  order_id: 'A-1001',
  goal: 'Refund the broken blender',
  acceptance: ['refund issued'],
  hop: 1,
};

describe('baton/vitest', () => {
  test.prop([validEnvelopes(toRefunds)], { numRuns: 50 })(
    'validEnvelopes satisfy their contract',
    (envelope) => {
      expect(envelope).toSatisfyContract(toRefunds);
    },
  );

  test.prop([brokenEnvelopes(toRefunds)], { numRuns: 50 })(
    'brokenEnvelopes break it, naming fields',
    (broken) => {
      fc.pre(broken !== undefined);
      expect(broken?.envelope).not.toSatisfyContract(toRefunds);
      expect(broken?.fields.length).toBeGreaterThan(0);
    },
  );

  it('toSatisfyContract lists each issue when it fails', () => {
    const error = (() => {
      try {
        expect({ ...valid, hop: 9 }).toSatisfyContract(toRefunds);
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error?.message).toContain('expected the envelope to satisfy triage→refunds:');
    expect(error?.message).toContain('hop: expected');
  });

  it('toRejectWith passes a rejection naming the field, and fails an acceptance or a vague one', async () => {
    await expect(receive).toRejectWith({ ...valid, order_id: undefined }, { fields: ['order_id'] });
    await expect(expect(receive).toRejectWith(valid, { fields: ['order_id'] })).rejects.toThrow(
      'expected the receiver to reject the envelope naming order_id, but it accepted it',
    );
    const vague = async (): Promise<ReceiveOutcome> => ({
      accepted: false,
      reason: 'insufficient context',
      fields: [],
    });
    await expect(expect(vague).toRejectWith(valid, { fields: ['order_id'] })).rejects.toThrow(
      'but it rejected it with "insufficient context" naming no field',
    );
  });

  it('toRejectWith takes an implementation object with receive()', async () => {
    const implementation = { receive: ({ envelope }: { envelope: Envelope }) => receive(envelope) };
    await expect(implementation).toRejectWith(
      { ...valid, hop: 'two' },
      { fields: ['hop'], reason: /hop/ },
    );
  });
});
