import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { askingSentences, asksSomething, mentions, spokenName } from './asking.ts';
import { asksFor } from './asks-for.ts';

describe('asking', () => {
  it('finds the sentences that ask: a question mark, or a request opening', () => {
    const text =
      'Your refund for A-1001 is on its way. Could you confirm your email address? Please send the receipt.\nThanks!';
    expect(askingSentences(text)).toEqual([
      'Could you confirm your email address?',
      'Please send the receipt.',
    ]);
    expect(asksSomething('Your order number A-1001 was refunded.')).toBe(false);
  });

  it('counts a need the asker states as asking, not any sentence with "need" in it', () => {
    expect(askingSentences('Thanks. I need your order number to proceed.')).toEqual([
      'I need your order number to proceed.',
    ]);
    expect(askingSentences('To continue I will need the order number from you.')).toHaveLength(1);
    expect(asksSomething('You need to wait for the courier. It will arrive today.')).toBe(false);
  });

  it('matches a phrase as whole words, whatever the case and punctuation', () => {
    expect(mentions('What is your Order-Number?', 'order number')).toBe(true);
    expect(mentions('What is your reorder number?', 'order number')).toBe(false);
    expect(mentions('anything', '')).toBe(false);
  });

  it('tells a sentence asking for a thing from one that only mentions it', () => {
    const asks = [
      'What is the claimed amount?',
      'Could you tell me your order number?',
      'Which order number was it?',
      'Can I have the amount, please?',
      'And the amount?',
      'Your order number, please?',
    ];
    const mentionsOnly = [
      'Would you like the amount back on your original card or as store credit?',
      'Shall I refund the amount to the card you paid with?',
      'Is the order number on your receipt the one you mean by this?',
    ];
    expect(asks.filter((s) => !asksFor(s, 'amount') && !asksFor(s, 'order number'))).toEqual([]);
    expect(mentionsOnly.filter((s) => asksFor(s, 'amount') || asksFor(s, 'order number'))).toEqual(
      [],
    );
    expect(asksFor('What is the amount?', '')).toBe(false);
  });

  it('reads fact names as prose', () => {
    expect(spokenName('order_id')).toBe('order id');
    expect(spokenName('customer.email')).toBe('customer email');
    expect(spokenName('orderId')).toBe('order id');
  });
});

/** Which of `facts` (phrases) each sentence requests, sentence → requested phrases. */
function requested(sentences: readonly string[], facts: readonly string[]) {
  return Object.fromEntries(sentences.map((s) => [s, facts.filter((f) => asksFor(s, f))]));
}

const PHRASES = ['amount', 'how much', 'order number', 'pr number', 'ticket'];

describe('asksFor: a request for the fact from the listener', () => {
  it('is a question word about the fact, a request verb done by the listener, or a stated need', () => {
    expect(
      requested(
        [
          'What is your order number?',
          'Could you tell me the order number again?',
          'And the amount?',
          'Your order number, please?',
          'And how much was it?',
          'I need your order number to proceed.',
          'To continue I will need the order number and the amount from you.',
          'Please provide the amount.',
          'Send me your order number.',
          'Let me know your order number.',
          'Do you have your order number?',
          'May I know the amount?',
          'What is your name and order number?',
          'Could you please confirm the order number and the amount?',
          'Could you double-check the order number for me?',
        ],
        PHRASES,
      ),
    ).toEqual({
      'What is your order number?': ['order number'],
      'Could you tell me the order number again?': ['order number'],
      'And the amount?': ['amount'],
      'Your order number, please?': ['order number'],
      'And how much was it?': ['how much'],
      'I need your order number to proceed.': ['order number'],
      'To continue I will need the order number and the amount from you.': [
        'amount',
        'order number',
      ],
      'Please provide the amount.': ['amount'],
      'Send me your order number.': ['order number'],
      'Let me know your order number.': ['order number'],
      'Do you have your order number?': ['order number'],
      'May I know the amount?': ['amount'],
      'What is your name and order number?': ['order number'],
      'Could you please confirm the order number and the amount?': ['amount', 'order number'],
      'Could you double-check the order number for me?': ['order number'],
    });
  });

  it('is not a sentence where something else governs the fact, or the fact is another one', () => {
    const onlyMention = [
      'Should I send the amount back to your original card?',
      'Which card should the amount go back to?',
      'Have you received the amount already?',
      'Please check your bank statement in 3 days for the amount.',
      'Let me know if the amount does not show up within 5 days.',
      'Do you have another order number you need help with?',
      'Do you need the PR number in the release notes as well?',
      'Do you also need a separate ticket for the /signup endpoint?',
      'Would you like the amount back on your card or as store credit?',
      'I have your order number, is that right?',
      'Shall we refund a different amount?',
      'I need to check the amount with billing.',
      "What is the order number's status?",
      'Could you tell me whether the amount arrived?',
      'Would you like me to send the amount to your card?',
    ];
    expect(onlyMention.filter((s) => PHRASES.some((p) => asksFor(s, p)))).toEqual([]);
  });
});

const REQUESTS = [
  'What is {}?',
  'Which {} was it?',
  'Could you tell me {}?',
  'Can you send me {} please?',
  'Please provide {}.',
  'Would you confirm {} again?',
  'I need {} to proceed.',
  'We will need {} from you.',
  'Can I have {}, please?',
  'Do you have {}?',
  'And {}?',
];
const arbitraryFact = fc.constantFrom('order number', 'amount', 'booking reference', 'invoice id');
const arbitraryDeterminer = fc.constantFrom('the ', 'your ', 'the original ');

describe('asksFor properties', () => {
  test.prop([fc.constantFrom(...REQUESTS), arbitraryFact, arbitraryDeterminer])(
    'a request template around the fact requests it, and naming another one never does',
    (template, fact, determiner) => {
      const asking = template.replace('{}', `${determiner}${fact}`);
      const other = template.replace('{}', `another ${fact}`);
      expect(askingSentences(asking)).toEqual([asking]);
      expect(asksFor(asking, fact)).toBe(true);
      expect(asksFor(other, fact)).toBe(false);
    },
  );

  test.prop([fc.constantFrom(...REQUESTS), arbitraryFact, arbitraryDeterminer])(
    'the asker offering, or a condition, around the same fact never requests it',
    (template, fact, determiner) => {
      const named = `${determiner}${fact}`;
      const offers = [
        `Should I send ${named} to you?`,
        `Let me know if ${named} does not show up.`,
        `Have you received ${named} already?`,
      ];
      expect(offers.filter((s) => asksFor(s, fact))).toEqual([]);
      expect(asksFor(template.replace('{}', named), 'unrelated thing')).toBe(false);
    },
  );
});
