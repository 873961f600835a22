import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { isCardNumber } from './card-number.ts';
import { DEFAULT_REDACTION, Redaction } from './redaction.ts';

const R = DEFAULT_REDACTION;

describe('redaction by name', () => {
  it.each([
    ['{"api_key":"abc123","note":"ok"}', '{"api_key":"[REDACTED]","note":"ok"}'],
    [
      '{"private_key": "xyz", "id_token":"a.b", "session_key":"s k"}',
      '{"private_key": "[REDACTED]", "id_token":"[REDACTED]", "session_key":"[REDACTED]"}',
    ],
    ['password=hunter22&user=bob', 'password=[REDACTED]&user=bob'],
    ['api_key=abc&amount=5', 'api_key=[REDACTED]&amount=5'],
    ['GET https://maps.test/geo?key=abc123&q=1', 'GET https://maps.test/geo?key=[REDACTED]&q=1'],
    ['Proxy-Authorization: Basic dXNlcjpwYXNz', 'Proxy-Authorization: [REDACTED] [REDACTED]'],
    ['cookie: a=b; session=xyz', 'cookie: [REDACTED]'],
    [
      '{ github_token: \'abc\', stripe_secret: "def" }',
      '{ github_token: \'[REDACTED]\', stripe_secret: "[REDACTED]" }',
    ],
  ])('%s', (text, redacted) => {
    expect(R.text(text)).toBe(redacted);
  });

  it.each([
    ['customer: password=hunter22', 'customer: password=[REDACTED]'],
    ['note: api_key=abc123xyz', 'note: api_key=[REDACTED]'],
    ['{"msg": "password=hunter22"}', '{"msg": "password=[REDACTED]"}'],
    ['x: token: abcdefgh123', 'x: token: [REDACTED]'],
  ])('redacts a pair right after a pair of another name: %s', (text, redacted) => {
    expect(R.text(text)).toBe(redacted);
  });

  test.prop([
    fc.stringMatching(/^[a-z]{1,12}$/).filter((w) => !R.keys.has(w)),
    fc.constantFrom(': ', '=', ':', '": "', ' = '),
    fc.constantFrom('password', 'api_key', 'token', 'client-secret'),
    fc.constantFrom('=', ': ', ':'),
    fc.stringMatching(/^[A-Za-z0-9]{8,20}$/),
  ])('a secret pair after any other name is redacted', (word, sep, name, sep2, secret) => {
    expect(R.text(`${word}${sep}${name}${sep2}${secret}`)).not.toContain(secret);
  });

  it('leaves names that only look alike, and effect keys, alone', () => {
    const text = '{"max_tokens":100,"input_tokens":7,"key":"A-1001"} refund A-1001, key: A-1001';
    expect(R.text(text)).toBe(text);
  });

  it('redacts a secret name’s value in data, whatever it holds, but keeps span ids', () => {
    const value = {
      headers: { Authorization: 'Bearer x', 'x-trace': '1' },
      credentials: { user: 'u', pass: 'p' },
      spanIds: ['4111111111111111'],
      note: 'my key is sk-live-4eC39HqLyjWDarjtT1zdp7dc',
    };
    expect(R.value(value)).toEqual({
      headers: { Authorization: '[REDACTED]', 'x-trace': '1' },
      credentials: '[REDACTED]',
      spanIds: ['4111111111111111'],
      note: 'my key is [REDACTED]',
    });
  });
});

describe('redaction of objects with toJSON', () => {
  it('redacts what JSON.stringify would write, such as a lazily parsed payload', () => {
    const event = {
      kind: 'handoff',
      toJSON: () => ({ kind: 'handoff', payload: { order_id: 'A-1001', api_key: 'k' } }),
    };
    expect(R.value({ timeline: [event] })).toEqual({
      timeline: [{ kind: 'handoff', payload: { order_id: 'A-1001', api_key: '[REDACTED]' } }],
    });
  });
});

describe('redaction by shape', () => {
  it.each([
    ['sk-live-4eC39HqLyjWDarjtT1zdp7dc'],
    ['sk_test_4eC39HqLyjWDarjtT1zdp7dc'],
    ['sk-ant-api03-Zx9aB7cD5eF3gH1iJ'],
    ['sk-proj-abcdefghijklmnopqrstuvwx'],
    ['AKIAIOSFODNN7EXAMPLE'],
    ['ghp_0123456789abcdefghijklmnopqrstuvwxyzAB'],
    ['github_pat_11ABCDEFG0123456789_abcdefghijklmnop'],
    ['xoxb-123456789012-abcdefghij'],
    ['AIzaSyA-1234567890abcdefghijklmnopqrstu'],
    [
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ],
    ['-----BEGIN EC PRIVATE KEY-----\nMHcCAQEE\n-----END EC PRIVATE KEY-----'],
    ['4111 1111 1111 1111'],
    ['5500-0000-0000-0004'],
    ['378282246310005'],
  ])('%s', (secret) => {
    const out = R.text(`before ${secret} after`);
    expect(out).toBe('before [REDACTED] after');
  });

  it('keeps the scheme of bearer credentials', () => {
    expect(R.text('sent with Bearer abc.def-ghi_jkl')).toBe('sent with Bearer [REDACTED]');
  });

  it('checks card numbers with Luhn and the issuer, so timestamps and order numbers stay', () => {
    expect(isCardNumber('4111111111111111')).toBe(true);
    expect(isCardNumber('4111111111111112')).toBe(false);
    expect(isCardNumber('1733000000000')).toBe(false);
    expect(R.text('at 1733000000000 ms, order 4111111111111112')).toBe(
      'at 1733000000000 ms, order 4111111111111112',
    );
  });
});

describe('a suite’s own rules', () => {
  it('add keys and patterns to the defaults', () => {
    const r = new Redaction({ keys: ['pin'], patterns: ['/ACME-\\d+/', 'internal.host.test'] });
    expect(r.text('pin=1234 ACME-998 internal.host.test password=x')).toBe(
      'pin=[REDACTED] [REDACTED] [REDACTED] password=[REDACTED]',
    );
  });

  it('run user patterns in linear time: a catastrophic pattern on a long text answers at once', () => {
    const r = new Redaction({ patterns: ['/^(a+)+$/'] });
    const text = `${'a'.repeat(30_000)}!`;
    expect(r.text(text)).toBe(text);
  });
});
