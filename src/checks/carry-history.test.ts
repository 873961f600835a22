import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { factWords } from '../model/fact-words.ts';
import type { HandoffEvent } from '../model/timeline.ts';
import { payloadContains } from './contains-text.ts';
import { describeFinding } from './describe-finding.ts';
import { handedFact } from './find-fact.ts';
import { missingFact } from './missing-fact.ts';
import { expect_, handoff, labels, timeline } from './timeline-fixtures.ts';

const customer = (content: string) => ({ role: 'user', content });
const transfer = { type: 'function_call', name: 'transfer_to_refunds', arguments: '{}' };

/** The findings of one triage → refunds handoff at step 1, labelled to carry `carry`. */
function judge(extra: Partial<HandoffEvent>, carry: Record<string, string | number>) {
  const t = timeline(handoff('triage', 'refunds', 1, extra));
  return missingFact.run(t, labels([expect_('triage', 'refunds', 1, { carry })]), {});
}

describe('carry: the conversation handed over with the work', () => {
  it('counts a fact the customer gave in the history the receiver was handed', () => {
    // A default handoff: no arguments, the receiver starts from the whole conversation.
    const history = [
      customer('My blender arrived broken, I want a refund.'),
      customer('Order A-1001, it was 40 euro.'),
      transfer,
    ];

    const findings = judge({ payload: {}, history }, { order_id: 'A-1001', amount: 40 });

    expect(findings).toEqual([]);
  });

  it('fails a history a filter stripped of the fact, and says the conversation lacked it too', () => {
    const findings = judge({ payload: {}, history: [transfer] }, { order_id: 'A-1001' });

    expect(findings).toMatchObject([{ observed: { history: 'lacks' } }]);
    expect(findings.map(describeFinding)).toEqual([
      'triage → refunds at step 1 did not carry order_id = A-1001 (it sent no envelope, and the conversation it handed over lacks it too)',
    ]);
  });

  it('judges an envelope alone: a field the sender left out is missing though the customer said it', () => {
    const history = [customer('Order A-1001, it was 40 euro.')];

    const findings = judge(
      { payload: { order_id: 'A-1001' }, history },
      { order_id: 'A-1001', amount: 40 },
    );

    expect(findings).toMatchObject([{ observed: { history: 'holds' } }]);
    expect(findings.map(describeFinding)).toEqual([
      'triage → refunds at step 1 did not carry amount = 40 in its envelope (the conversation it handed over has it: an envelope is judged alone)',
    ]);
  });

  it('reads no payload, null, {}, [] and blank text as no envelope', () => {
    const history = [customer('Order A-1001')];
    for (const payload of [undefined, null, {}, [], '  ']) {
      expect(handedFact({ payload, history }, 'order_id', 'A-1001')).toEqual({ present: true });
    }
  });

  it('keeps the arguments: a fact in the payload is carried whatever the history holds', () => {
    const findings = judge(
      { payload: { order_id: 'A-1001' }, history: [] },
      { order_id: 'A-1001' },
    );

    expect(findings).toEqual([]);
  });

  it('reports the payload when it holds the key with another value: the envelope said otherwise', () => {
    const history = [customer('It was 750 euro.')];

    const findings = judge({ payload: { amount: 75 }, history }, { amount: 750 });

    expect(findings.map(describeFinding)).toEqual([
      'triage → refunds at step 1 carried amount = 75, expected 750',
    ]);
  });

  it('reads the history by whole tokens: A-1001 is not in A-10012, 40 not in 400', () => {
    const history = [customer('Order A-10012, it was 400 euro.')];

    expect(handedFact({ history }, 'order_id', 'A-1001').present).toBe(false);
    expect(handedFact({ history }, 'amount', 40).present).toBe(false);
    expect(handedFact({ history: 'order a 1001' }, 'order_id', 'A-1001')).toEqual({
      present: true,
    });
  });

  it('says nothing of a conversation when the handoff reported none', () => {
    const findings = judge({ payload: {} }, { order_id: 'A-1001' });

    expect(findings.map(describeFinding)).toEqual([
      'triage → refunds at step 1 did not carry order_id = A-1001',
    ]);
  });
});

const value = fc
  .string({ minLength: 1, maxLength: 10 })
  .filter((v) => factWords(v).words.length > 0);
const payload = fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), fc.jsonValue(), {
  maxKeys: 4,
});
const history = fc.array(fc.oneof(fc.string({ maxLength: 20 }), fc.jsonValue()), { maxLength: 4 });

describe('carry: properties of the history', () => {
  test.prop([payload, history, value])(
    'adding a history never turns a carried fact into a missing one',
    (p, h, v) => {
      const without = handedFact({ payload: p }, 'order_id', v);
      const withHistory = handedFact({ payload: p, history: h }, 'order_id', v);
      if (without.present) expect(withHistory.present).toBe(true);
    },
  );

  test.prop([fc.constantFrom(undefined, {}, [], ''), history, value])(
    'a history that says the fact carries it when the handoff sent no envelope',
    (p, h, v) => {
      const said = [...h, customer(`the value is ${v} indeed`)];
      expect(handedFact({ payload: p, history: said }, 'order_id', v)).toEqual({ present: true });
    },
  );

  test.prop([payload, history, value])(
    'an envelope is judged alone: whatever the history holds, the fact is where the payload says',
    (p, h, v) => {
      fc.pre(Object.keys(p).length > 0);
      const alone = handedFact({ payload: p }, 'order_id', v).present;
      expect(handedFact({ payload: p, history: h }, 'order_id', v).present).toBe(alone);
    },
  );

  test.prop([payload, history, value])(
    'removing the fact from both the payload and the history always makes it missing',
    (p, h, v) => {
      const stripped = JSON.parse(JSON.stringify(p, (k, x) => (k === 'order_id' ? undefined : x)));
      const told = h.filter((item) => !payloadContains(item, v));

      expect(handedFact({ payload: stripped, history: told }, 'order_id', v).present).toBe(false);
    },
  );
});
