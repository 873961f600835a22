import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { givenFacts } from '../model/given-facts.ts';
import type { ExpectedHandoff, Labels } from '../model/labelled-case.ts';
import type { Step } from '../model/step.ts';
import type { QuestionEvent } from '../model/timeline.ts';
import { describeFinding } from './describe-finding.ts';
import { handoffReask } from './handoff-reask.ts';
import { expect_, handoff, timeline } from './timeline-fixtures.ts';

let n = 0;
function question(by: string, step: number, extra: Partial<QuestionEvent> = {}): QuestionEvent {
  n += 1;
  return {
    kind: 'question',
    by,
    to: 'customer',
    fields: [],
    step,
    at: step * 100 + 50 + n / 1e6,
    spanId: `q${n}`,
    ...extra,
  };
}

const said = { kind: 'said', by: 'customer' } as const;
const given: Labels = {
  handoffs: [],
  facts: [{ name: 'order_id', value: 'A-1001', step: 0, source: said }],
};
const facts = { order_id: ['order number', 'reference'] };

describe('handoff-reask', () => {
  it('flags a receiver asking again, in words, for a fact an earlier step gave', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1),
      question('refunds', 1, { text: 'Happy to help! Could you send me your order number?' }),
    );
    const findings = handoffReask.run(t, given, { facts });

    expect(findings).toMatchObject([
      {
        code: 'handoff.reask',
        step: 1,
        expected: { fact: 'order_id', value: 'A-1001', givenAt: 0 },
        observed: {
          by: 'refunds',
          to: 'customer',
          sentence: 'Could you send me your order number?',
        },
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'refunds asked customer "Could you send me your order number?" at step 1 after triage handed over at step 1, but step 0 already gave order_id (A-1001)',
    );
  });

  it('is no re-ask when the receiver reads the fact back to confirm it', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1),
      question('refunds', 1, {
        text: 'I have your order number A-1001 on file, is that the right order?',
      }),
    );

    expect(handoffReask.run(t, given, { facts })).toEqual([]);
  });

  it('is no re-ask when a question only mentions the fact while asking something else', () => {
    const amount: Labels = {
      handoffs: [],
      facts: [{ name: 'amount', value: '40', step: 0, source: said }],
    };
    const t = timeline(
      handoff('triage', 'refunds', 1),
      question('refunds', 1, {
        text: 'Would you like the amount back on your original card or as store credit?',
      }),
    );

    expect(handoffReask.run(t, amount, {})).toEqual([]);
  });

  it('knows a fact by its field, or its name in prose, without a facts map', () => {
    const byField = timeline(
      handoff('triage', 'refunds', 1),
      question('refunds', 2, { fields: ['order_id'] }),
    );
    const byName = timeline(
      handoff('triage', 'refunds', 1),
      question('refunds', 2, { text: 'What is the order ID?' }),
    );
    expect(handoffReask.run(byField, given, {})).toHaveLength(1);
    expect(handoffReask.run(byName, given, {})).toHaveLength(1);
  });

  it('does not flag: the entry agent asking, a question before the handoff, or before the fact', () => {
    const entry = timeline(
      question('triage', 1, { fields: ['order_id'] }),
      handoff('triage', 'refunds', 2),
    );
    const early = timeline(
      question('refunds', 0, { fields: ['order_id'] }),
      handoff('triage', 'refunds', 1),
    );
    const later: Labels = {
      handoffs: [],
      facts: [{ name: 'order_id', value: 'A-1001', step: 3, source: said }],
    };
    const beforeGiven = timeline(
      handoff('triage', 'refunds', 1),
      question('refunds', 2, { fields: ['order_id'] }),
    );
    expect(handoffReask.run(entry, given, {})).toEqual([]);
    expect(handoffReask.run(early, given, {})).toEqual([]);
    expect(handoffReask.run(beforeGiven, later, {})).toEqual([]);
  });

  it('does not read a statement as a question: mentioning the order number is not asking', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1),
      question('refunds', 1, { text: 'Your order number A-1001 is refunded. Anything else?' }),
    );
    expect(handoffReask.run(t, given, { facts })).toEqual([]);
  });

  it('flags each fact once, at its first re-ask, and counts one opportunity per fact', () => {
    const t = timeline(
      handoff('triage', 'refunds', 1),
      question('refunds', 1, { fields: ['order_id'] }),
      question('refunds', 2, { fields: ['order_id'] }),
    );
    expect(handoffReask.run(t, given, {}).map((f) => f.step)).toEqual([1]);
    expect(handoffReask.opportunities(t, given, {})).toEqual({ 'handoff.reask': 1 });
    expect(handoffReask.opportunities(t, { handoffs: [] }, {})).toEqual({ 'handoff.reask': 0 });
  });
});

/** Labels as a case file makes them: the given facts are read from its steps and carry labels. */
function caseLabels(steps: readonly Step[], handoffs: ExpectedHandoff[]): Labels {
  return { handoffs, facts: givenFacts(handoffs, steps) };
}

describe('handoff-reask: where a fact was given', () => {
  const claim = caseLabels(
    [
      {
        kind: 'customer',
        text: 'I need to make a claim, a pipe burst in my kitchen. Policy POL-5555.',
      },
      { kind: 'customer', text: 'The claim number is CLM-3003.' },
      { kind: 'customer', text: 'The plumber charged 300 euro.' },
    ],
    [
      expect_('front_desk', 'claims_intake', 0, { carry: { policy_number: 'POL-5555' } }),
      expect_('claims_intake', 'payments', 2, {
        carry: { claim_id: 'CLM-3003', amount: 300, policy_number: 'POL-5555' },
      }),
    ],
  );
  const askAmountAt = (step: number) =>
    timeline(
      handoff('front_desk', 'claims_intake', 0),
      question('claims_intake', step, { text: 'What is the claimed amount?' }),
    );

  it('does not read the amount 300 into the claim number CLM-3003 (a step-1 question is no re-ask)', () => {
    expect(handoffReask.run(askAmountAt(1), claim, {})).toEqual([]);
  });

  it('flags the same question once the customer has said 300, at step 2', () => {
    const findings = handoffReask.run(askAmountAt(2), claim, {});
    expect(findings.map(describeFinding)).toEqual([
      'claims_intake asked customer "What is the claimed amount?" at step 2 after front_desk handed over at step 0, but step 2 already gave amount (300)',
    ]);
  });

  it('says the sender knew a fact no step gave (a lookup), not that a step gave it', () => {
    const l = caseLabels(
      [{ kind: 'customer', text: 'Refund order A-2002 please, it never arrived.' }],
      [expect_('triage', 'refunds', 0, { carry: { order_id: 'A-2002', amount: 750 } })],
    );
    const t = timeline(
      handoff('triage', 'refunds', 0, { payload: { order_id: 'A-2002' } }),
      question('refunds', 0, { text: 'Could you tell me the amount of order A-2002?' }),
    );

    const findings = handoffReask.run(t, l, {});

    expect(findings).toMatchObject([
      {
        expected: {
          fact: 'amount',
          value: '750',
          givenAt: 0,
          source: { kind: 'label', from: 'triage', to: 'refunds' },
        },
      },
    ]);
    expect(describeFinding(findings[0]!)).toBe(
      'refunds asked customer "Could you tell me the amount of order A-2002?" at step 0 after triage handed over at step 0, but triage already knew amount (750): its handoff to refunds at step 0 must carry it, though no step up to then says it',
    );
    // A recorded trace's case writes no steps: it cannot say what they said.
    const stepless = {
      ...findings[0]!,
      expected: {
        ...(findings[0]!.expected as object),
        source: { kind: 'label', from: 'triage', to: 'refunds', stepless: true },
      },
    };
    expect(describeFinding(stepless)).toMatch(/must carry it$/);
  });
});

describe('handoff-reask properties', () => {
  test.prop([fc.nat(4), fc.nat(4), fc.nat(4)])(
    'a re-ask is found exactly when the asker had received work and the fact was given by then',
    (handoffStep, askStep, givenStep) => {
      const labels: Labels = {
        handoffs: [],
        facts: [{ name: 'order_id', value: 'A-1', step: givenStep, source: said }],
      };
      const t = timeline(
        handoff('triage', 'refunds', handoffStep),
        question('refunds', askStep, { fields: ['order_id'] }),
      );
      const found = handoffReask.run(t, labels, {}).length === 1;
      // Within one step the handoff comes first (the fixtures place questions mid-step).
      expect(found).toBe(handoffStep <= askStep && givenStep <= askStep);
    },
  );
});

describe('handoff-reask: requests in words, from the trials with real apps', () => {
  const labels: Labels = {
    handoffs: [],
    facts: [
      { name: 'amount', value: '40', step: 0, source: said },
      { name: 'order_id', value: 'A-1003', step: 0, source: said },
      { name: 'pr_number', value: '77', step: 0, source: said },
      { name: 'task_id', value: 'T-9', step: 0, source: said },
    ],
  };
  const phrasings = {
    amount: ['how much', 'amount'],
    order_id: ['order number'],
    pr_number: ['PR number'],
    task_id: ['ticket'],
  };
  /** The facts the receiver is found to ask again for, when it says `text`. */
  const reasked = (text: string) =>
    handoffReask
      .run(timeline(handoff('triage', 'refunds', 1), question('refunds', 1, { text })), labels, {
        facts: phrasings,
      })
      .map((f) => (f.expected as { fact: string }).fact);

  it('flags a question, a short follow-up and a need stated by the asker', () => {
    expect(reasked('And how much was it?')).toEqual(['amount']);
    expect(reasked('I need your order number to proceed.')).toEqual(['order_id']);
    expect(
      reasked('To continue I will need the order number and the amount from you.').sort(),
    ).toEqual(['amount', 'order_id']);
    expect(reasked('What is your order number?')).toEqual(['order_id']);
    expect(reasked('Could you tell me the order number again?')).toEqual(['order_id']);
    expect(reasked('And the amount?')).toEqual(['amount']);
    expect(reasked('Your order number, please?')).toEqual(['order_id']);
  });

  it('does not flag the asker offering, checking, pointing elsewhere or naming another one', () => {
    const noReask = [
      'Should I send the amount back to your original card?',
      'Which card should the amount go back to?',
      'Have you received the amount already?',
      'Refunded. Please check your bank statement in 3 days for the amount.',
      'Let me know if the amount does not show up within 5 days.',
      'Do you have another order number you need help with?',
      'Merging PR 77 now. Do you need the PR number in the release notes as well?',
      'Do you also need a separate ticket for the /signup endpoint?',
      'I have your order number A-1003 and the amount of 40 EUR, is that right?',
      'I have your order number A-1003 and the amount of 750 EUR, is that right?',
      'Would you like the amount back on your card or as store credit?',
    ];
    expect(noReask.filter((text) => reasked(text).length > 0)).toEqual([]);
  });

  const requests = [
    'Could you tell me the order number?',
    'What is your order number?',
    'I will need your order number.',
    'Please send me the order number.',
    'Your order number, please?',
  ];
  test.prop([fc.constantFrom(...requests), fc.constantFrom('', 'Thanks! ', 'Happy to help. ')])(
    'a request for the fact is a re-ask; the same words never are once the message states its value',
    (request, opening) => {
      expect(reasked(`${opening}${request}`)).toEqual(['order_id']);
      expect(reasked(`${opening}I see order A-1003. ${request}`)).toEqual([]);
      expect(reasked(`${opening}${request} It was A-1003, I think.`)).toEqual([]);
    },
  );
});
