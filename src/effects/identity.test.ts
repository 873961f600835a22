import { describe, expect, it } from 'vitest';
import { readIdentity } from './identity.ts';

const request = (body = '', headers: Record<string, string> = {}, query = '') => ({
  url: new URL(`https://payments.test/refunds${query}`),
  headers: new Headers(headers),
  body,
});

describe('readIdentity', () => {
  it('reads a dotted path into the JSON body; numbers and booleans become text', () => {
    const body = JSON.stringify({
      refund: { order_id: 'A-1001', amount: 750, items: [{ sku: 'X' }] },
    });

    expect(readIdentity({ body: 'refund.order_id' }, request(body))).toEqual({ key: 'A-1001' });
    expect(readIdentity({ body: 'refund.amount' }, request(body))).toEqual({ key: '750' });
    expect(readIdentity({ body: 'refund.items.0.sku' }, request(body))).toEqual({ key: 'X' });
  });

  it('reads a header, whatever its case', () => {
    const r = request('', { 'idempotency-key': 'k-1' });

    expect(readIdentity({ header: 'Idempotency-Key' }, r)).toEqual({ key: 'k-1' });
  });

  it('reads a query parameter', () => {
    expect(readIdentity({ query: 'order' }, request('', {}, '?order=A-7&x=1'))).toEqual({
      key: 'A-7',
    });
  });

  it('gives ? and says why when the key cannot be read', () => {
    const cases = [
      [{ body: 'order_id' }, request(''), 'no body to read order_id from'],
      [{ body: 'order_id' }, request('<xml/>'), 'the body is not JSON, so order_id cannot be read'],
      [{ body: 'order.id' }, request('{"order":{}}'), 'the body has no order.id'],
      [{ body: 'order' }, request('{"order":{"id":1}}'), 'order is not a string or number'],
      [{ body: 'order' }, request('{"order":null}'), 'order is null'],
      [{ body: 'order' }, request('{"order":""}'), 'order is empty'],
      [{ header: 'Idempotency-Key' }, request(), 'no Idempotency-Key header'],
      [{ query: 'order' }, request(), 'no order query parameter'],
    ] as const;

    for (const [rule, r, problem] of cases)
      expect(readIdentity(rule, r)).toEqual({ key: '?', problem });
  });
});
