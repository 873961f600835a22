import { describe, expect, it } from 'vitest';
import { HostList, PatternHosts } from './hosts.ts';

describe('HostList', () => {
  it('a bare name allows every port; name:port only that port, default ports filled in', () => {
    const hosts = new HostList([
      'api.model.test',
      '127.0.0.1:4000',
      'secure.test:443',
      'https://full.test',
    ]);

    expect(hosts.has(new URL('https://api.model.test/v1'))).toBe(true);
    expect(hosts.has(new URL('http://api.model.test:8080/'))).toBe(true);
    expect(hosts.has(new URL('http://127.0.0.1:4000/x'))).toBe(true);
    expect(hosts.has(new URL('http://127.0.0.1:4001/x'))).toBe(false);
    expect(hosts.has(new URL('https://secure.test/'))).toBe(true);
    expect(hosts.has(new URL('http://secure.test/'))).toBe(false);
    expect(hosts.has(new URL('https://full.test/anything'))).toBe(true);
    expect(hosts.has(new URL('https://API.MODEL.TEST/'))).toBe(true);
  });

  it('does not allow loopback unless it is listed', () => {
    const hosts = new HostList(['api.model.test']);

    expect(hosts.has(new URL('http://127.0.0.1:4000/'))).toBe(false);
    expect(hosts.has(new URL('http://localhost/'))).toBe(false);
  });
});

describe('PatternHosts', () => {
  it('takes the host of msw URL patterns, with * and :param in the host', () => {
    const hosts = new PatternHosts([
      'https://payments.test/refunds/:id',
      'https://*.mail.test/send',
      'http://127.0.0.1:4000/effects',
      '/relative/path',
    ]);

    expect(hosts.has(new URL('https://payments.test/other'))).toBe(true);
    expect(hosts.has(new URL('https://eu.mail.test/x'))).toBe(true);
    expect(hosts.has(new URL('http://127.0.0.1:4000/y'))).toBe(true);
    expect(hosts.has(new URL('http://127.0.0.1:4001/y'))).toBe(false);
    expect(hosts.has(new URL('https://payments.test.evil/'))).toBe(false);
  });
});
