import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { Redaction } from './redaction.ts';

const R = new Redaction({ keys: ['order_secret'], patterns: ['/hunter\\d+/'] });

// Values with secrets in them now and then: secret names, secret shapes, a suite's own pattern.
const text = fc.oneof(
  fc.string(),
  fc.constantFrom('Bearer abcdefgh12345', 'sk-live-4eC39HqLyjWDarjtT1zdp7dc', 'pw hunter22'),
  fc.constantFrom('password=x', '{"api_key":"abc"}', 'customer: hi', '4111 1111 1111 1111'),
);
const key = fc.oneof(fc.string(), fc.constantFrom('token', 'order_secret', 'spanId', 'note'));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    text,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(key, tie('node'), { maxKeys: 4 }),
  ),
})).node;

describe('Redaction.shared', () => {
  test.prop([value])('writes the same JSON as the copying redaction', (v) => {
    expect(JSON.stringify(R.shared(v))).toBe(JSON.stringify(R.value(v)));
  });

  test.prop([value])('never changes the value it is given', (v) => {
    const before = JSON.stringify(v);
    R.shared(v);
    expect(JSON.stringify(v)).toBe(before);
  });

  it('keeps a field named __proto__ as data, copying or sharing', () => {
    const odd = JSON.parse('{"__proto__":{"token":"abc","note":"ok"},"x":null}');

    for (const out of [R.value(odd), R.shared(odd)]) {
      expect(JSON.stringify(out)).toBe('{"__proto__":{"token":"[REDACTED]","note":"ok"},"x":null}');
      expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    }
  });

  it('hands back the very same objects where nothing needs redacting', () => {
    const clean = { id: 'refund-1', steps: [{ kind: 'customer', text: 'a refund' }] };
    const report = { clean, dirty: { token: 'abc', note: 'ok' } };
    const out = R.shared(report);
    expect(out).not.toBe(report);
    expect(out.clean).toBe(clean);
    expect(out.dirty).toEqual({ token: '[REDACTED]', note: 'ok' });
  });
});
