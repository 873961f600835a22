import { describe, expect, it } from 'vitest';
import { CassetteConfig } from '../../model/effects-config.ts';
import { Redaction } from '../../redact/redaction.ts';
import { requestBody, responseBody } from './body.ts';
import { REDACTED, redactHeaders, redactJson, redactUrl } from './redact.ts';

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

  it('never records the secrets a cassette used to keep in clear text', () => {
    const enc = (t: string) => new TextEncoder().encode(t);
    const headers = new Headers({
      'Proxy-Authorization': 'Basic dXNlcjpwYXNz',
      'x-goog-api-key': 'g',
    });
    expect(redactHeaders(headers, [])).toEqual({
      'proxy-authorization': REDACTED,
      'x-goog-api-key': REDACTED,
    });
    expect(redactUrl(new URL('https://maps.test/geo?key=abc&q=paris')).href).toBe(
      'https://maps.test/geo?q=paris&key=%5BREDACTED%5D',
    );
    const json = '{"private_key":"-----BEGIN","id_token":"a.b.c","session_key":"s","q":"x"}';
    expect(requestBody(enc(json))).toEqual({
      json: { private_key: REDACTED, id_token: REDACTED, session_key: REDACTED, q: 'x' },
    });
    expect(requestBody(enc('api_key=abc123&password=hunter2&q=paris'))).toEqual({
      text: `api_key=${REDACTED}&password=${REDACTED}&q=paris`,
    });
  });

  it('adds a suite’s redact_headers and redact.keys to the defaults instead of replacing them', () => {
    const cassette = CassetteConfig.parse({
      file: 'c.json',
      hosts: ['api.test'],
      redact_headers: ['x-tenant'],
    });
    const r = new Redaction({ keys: ['pin'] });
    const headers = new Headers({
      authorization: 'Bearer t',
      'x-tenant': 'acme',
      pin: '1234',
      accept: '*/*',
    });
    expect(redactHeaders(headers, cassette.redact_headers, [], r)).toEqual({
      accept: '*/*',
      authorization: REDACTED,
      pin: REDACTED,
      'x-tenant': REDACTED,
    });
  });
});
