import { describe, expect, it } from 'vitest';
import { askingSentences, asksFor, asksSomething, mentions, spokenName } from './asking.ts';

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
