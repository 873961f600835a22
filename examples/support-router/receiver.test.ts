import { fileURLToPath } from 'node:url';
import type { Envelope, ReceiveOutcome, Step } from 'baton-handoffs';
import { describe, expect, it } from 'vitest';
import { supportContracts } from './contracts.ts';
import { lenientReceiver } from './lenient-receiver.ts';
import { loadPolicy, type Policy } from './policy.ts';
import { negotiate, strictReceiver } from './receiver.ts';
import { decide } from './router.ts';
import { type Action, initialState } from './state.ts';

const policy = await loadPolicy(fileURLToPath(new URL('./policy.yaml', import.meta.url)));
const strict = strictReceiver(supportContracts);
const lenient = lenientReceiver(supportContracts);

/** The payloads the router hands on for these customer messages, in order. */
function payloads(p: Policy, texts: readonly string[]): Envelope[] {
  let state = initialState('triage');
  const out: Envelope[] = [];
  texts.forEach((text, i) => {
    const step: Step = { kind: 'customer', text };
    const d = decide(p, state, step, i);
    state = d.state;
    for (const a of d.actions as Action[]) if (a.kind === 'handoff') out.push({ ...a.payload });
  });
  return out;
}

const [toRefunds = {}, toSupervisor = {}] = payloads(policy, [
  'My blender arrived broken, I want a refund.',
  'Order A-1001, it was 750 euro.',
]);
const triageToRefunds = (envelope: Envelope) => strict({ from: 'triage', to: 'refunds', envelope });

describe('strictReceiver', () => {
  it('accepts what the router really sends on triage → refunds and refunds → supervisor', () => {
    expect(triageToRefunds(toRefunds)).toEqual({ accepted: true });
    expect(strict({ from: 'refunds', to: 'supervisor', envelope: toSupervisor })).toEqual({
      accepted: true,
    });
  });

  it('rejects a refund without its order id, naming the field and what it expected', () => {
    const answer = triageToRefunds({ ...toRefunds, facts: { amount: 750 } });

    expect(answer).toMatchObject({ accepted: false, fields: ['facts.order_id'] });
    expect(answer).toMatchObject({
      reason: 'envelope breaks *→refunds: facts.order_id: expected a string, got no field',
    });
  });

  it('asks the supervisor for the amount only on the refunds edge', () => {
    const envelope = { ...toSupervisor, facts: { order_id: 'A-1001' } };

    expect(strict({ from: 'refunds', to: 'supervisor', envelope })).toMatchObject({
      accepted: false,
      fields: ['facts.amount'],
    });
    expect(strict({ from: 'billing', to: 'supervisor', envelope })).toEqual({ accepted: true });
  });

  it('never reads a number written as text, and answers the same envelope the same way', () => {
    const envelope = { ...toRefunds, hop: '1' };

    const first = triageToRefunds(envelope);

    expect(first).toMatchObject({ accepted: false, fields: ['hop'] });
    expect(triageToRefunds(envelope)).toEqual(first);
  });

  it('refuses work addressed to someone else and work on an edge without a contract', () => {
    expect(triageToRefunds({ ...toRefunds, new_owner: 'billing' })).toMatchObject({
      accepted: false,
      fields: ['new_owner'],
    });
    expect(strict({ from: 'triage', to: 'nobody', envelope: toRefunds })).toMatchObject({
      accepted: false,
      reason: expect.stringMatching(/^nobody has no contract for work from triage/),
    });
  });
});

describe('lenientReceiver', () => {
  it('lets a missing field through, reads "750" as 750, and refuses the rest without saying why', () => {
    const { amount: _, ...noAmount } = toSupervisor.facts as Record<string, unknown>;
    const onGate = (envelope: Envelope) => lenient({ from: 'refunds', to: 'supervisor', envelope });

    expect(onGate({ ...toSupervisor, facts: noAmount })).toEqual({ accepted: true });
    expect(onGate({ ...toSupervisor, facts: { order_id: 'A-1001', amount: '750' } })).toEqual({
      accepted: true,
    });
    expect(onGate({ ...toSupervisor, new_owner: 'billing' })).toEqual({
      accepted: false,
      reason: 'insufficient context',
      fields: [],
    });
  });
});

describe('negotiate', () => {
  const refusing = () => {
    const seen: Envelope[] = [];
    const receive = async (envelope: Envelope): Promise<ReceiveOutcome> => {
      seen.push(envelope);
      return { accepted: false, reason: `no ${seen.length}`, fields: ['goal'] };
    };
    return { seen, receive };
  };

  it('stops at the hop cap and hands the work to the supervisor with every reason', async () => {
    const { seen, receive } = refusing();

    const outcome = await negotiate({
      from: 'triage',
      to: 'refunds',
      envelope: toRefunds,
      receive,
      hopCap: 3,
    });

    expect(seen).toHaveLength(3);
    expect(outcome).toEqual({
      kind: 'escalated',
      to: 'supervisor',
      toKind: 'person',
      reasons: ['no 1', 'no 2', 'no 3'],
    });
  });

  it('goes to the team queue when the supervisor is the one refusing', async () => {
    const { receive } = refusing();

    const outcome = await negotiate({
      from: 'refunds',
      to: 'supervisor',
      envelope: toSupervisor,
      receive,
      hopCap: 2,
    });

    expect(outcome).toMatchObject({ kind: 'escalated', to: 'team_queue', toKind: 'person' });
  });

  it('fixes a wrong addressee on revision and delivers the second time', async () => {
    const receive = async (envelope: Envelope) => triageToRefunds(envelope);

    const outcome = await negotiate({
      from: 'triage',
      to: 'refunds',
      envelope: { ...toRefunds, new_owner: 'billing' },
      receive,
      hopCap: 4,
    });

    expect(outcome).toEqual({ kind: 'delivered' });
  });
});
