import { describe, expect, it } from 'vitest';
import { requestBody } from './body.ts';
import { canonicalJson, normalizeUrl, requestKey } from './request-key.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('request keys', () => {
  it('sorts the query by name, drops the fragment and redacts secret parameters', () => {
    expect(normalizeUrl('https://API.test/v1/x?b=2&a=1&api_key=s3cret#frag')).toBe(
      'https://api.test/v1/x?a=1&api_key=%5BREDACTED%5D&b=2',
    );
  });

  it('canonical JSON sorts keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,1]},"b":1}',
    );
  });

  it('ignores headers, key order and spacing; differs on method, path, query and body', () => {
    const key = (method: string, url: string, body: string) =>
      requestKey(method, url, requestBody(bytes(body)));
    const base = key('POST', 'https://m.test/v1?a=1&b=2', '{"model":"m","input":"hi"}');

    expect(key('post', 'https://m.test/v1?b=2&a=1', '{ "input": "hi",\n "model": "m" }')).toBe(
      base,
    );
    expect(key('PUT', 'https://m.test/v1?a=1&b=2', '{"model":"m","input":"hi"}')).not.toBe(base);
    expect(key('POST', 'https://m.test/v2?a=1&b=2', '{"model":"m","input":"hi"}')).not.toBe(base);
    expect(key('POST', 'https://m.test/v1?a=1&b=3', '{"model":"m","input":"hi"}')).not.toBe(base);
    expect(key('POST', 'https://m.test/v1?a=1&b=2', '{"model":"m","input":"ho"}')).not.toBe(base);
  });

  it('keys a body by its redacted form, so a recorded secret matches a live one', () => {
    const live = requestKey('POST', 'https://m.test/', requestBody(bytes('{"api_key":"live"}')));
    const recorded = requestKey('POST', 'https://m.test/', { json: { api_key: '[REDACTED]' } });

    expect(live).toBe(recorded);
  });
});
