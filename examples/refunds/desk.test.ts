import { describe, expect, it } from 'vitest';
import { needsApproval, ratingIn, readMessage, triageMove } from './desk.ts';

describe('the refund desk', () => {
  it('asks for what a refund still lacks, then routes it once order and amount are known', () => {
    const first = readMessage({ wantsRefund: false }, "The kettle leaks. I'd like a refund.");
    const second = readMessage(first, "It's order A-1001, I paid 120 euro.");

    expect(triageMove(first)).toEqual({ kind: 'ask', fields: ['order_id', 'amount'] });
    expect(triageMove(second)).toEqual({
      kind: 'route',
      request: { order_id: 'A-1001', amount: 120 },
    });
  });

  it('answers a message that asks for no refund itself, even with an order id in it', () => {
    const c = readMessage({ wantsRefund: false }, 'Where is my parcel? Order A-1004.');

    expect(triageMove(c)).toEqual({ kind: 'answer' });
  });

  it('needs approval only above 500 euro, and reads ratings', () => {
    expect(needsApproval({ order_id: 'A-1', amount: 500 })).toBe(false);
    expect(needsApproval({ order_id: 'A-1', amount: 501 })).toBe(true);
    expect(ratingIn('That was quick. 5 stars!')).toBe(5);
    expect(ratingIn('Thanks')).toBeUndefined();
  });
});
