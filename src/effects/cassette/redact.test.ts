import { describe, expect, it } from 'vitest';
import { responseBody } from './body.ts';
import { REDACTED, redactHeaders, redactJson } from './redact.ts';

describe('redaction', () => {
  it('replaces secret JSON fields at any depth, in any spelling', () => {
    const body = {
      apiKey: 'k1',
      nested: [{ api_key: 'k2', Password: 'p', token: 't', access_token: 'a', keep: 'me' }],
      max_tokens: 100,
    };

    expect(redactJson(body)).toEqual({
      apiKey: REDACTED,
      nested: [
        {
          api_key: REDACTED,
          Password: REDACTED,
          token: REDACTED,
          access_token: REDACTED,
          keep: 'me',
        },
      ],
      max_tokens: 100,
    });
  });

  it('redacts the listed headers whatever their case, and drops the ones asked', () => {
    const headers = new Headers({
      Authorization: 'Bearer x',
      'X-Trace': '1',
      'content-length': '5',
    });

    expect(redactHeaders(headers, ['authorization'], ['content-length'])).toEqual({
      authorization: REDACTED,
      'x-trace': '1',
    });
  });

  it('keeps a response body byte-exact unless it holds a secret', () => {
    const enc = (t: string) => new TextEncoder().encode(t);

    expect(responseBody(enc('{"a":1}'))).toEqual({ json: { a: 1 } });
    expect(responseBody(enc('{\n  "a": 1\n}'))).toEqual({ text: '{\n  "a": 1\n}' });
    expect(responseBody(enc('{"token":"t"}'))).toEqual({ json: { token: REDACTED } });
    expect(responseBody(new Uint8Array([0xff, 0xfe]))).toEqual({ base64: '//4=' });
    expect(responseBody(new Uint8Array())).toBeUndefined();
  });
});
