import { describe, expect, it } from 'vitest';
import type { Case, ExpectedEffect } from '../model/labelled-case.ts';
import type { EffectEvent, RequestEvent, TimelineEvent, ToolCallEvent } from '../model/timeline.ts';
import { effectMatches } from './effect-matches.ts';
import type { EffectRules } from './effect-rules.ts';

const base = { step: 0, at: 1, spanId: 's' };
const call = (tool: string): ToolCallEvent => ({ ...base, kind: 'tool_call', tool });
const effect = (name: string, via: EffectEvent['via'] = 'span'): EffectEvent => ({
  ...base,
  kind: 'effect',
  effect: name,
  key: 'A-1',
  outcome: 'committed',
  via,
});
const request = (method: string, url: string, status: number): RequestEvent => ({
  ...base,
  kind: 'request',
  method,
  url,
  host: new URL(url).hostname,
  status,
  refused: false,
});

function testCase(effects: ExpectedEffect[] = []): Case {
  return {
    id: 'c1',
    title: 'c1',
    source: 'unit test',
    tags: [],
    agents: ['refunds'],
    persons: [],
    entry: 'refunds',
    steps: [],
    labels: { handoffs: [], effects },
    file: 'cases/c1.yaml',
    positions: { id: 1, steps: [], handoffs: [], effects: effects.map((_, i) => 10 + i) },
  };
}

function rules(o: Partial<EffectRules>): EffectRules {
  return { tools: [], endpoints: [], names: new Set(), ...o };
}

const tools = (...names: string[]) =>
  names.map((tool, i) => ({ tool, path: ['effects', 'tools', i] }));

describe('effectMatches', () => {
  it('counts the calls of each rule’s tool, and names a like tool that was called when none was', () => {
    const events: TimelineEvent[] = [
      call('issue_payment'),
      call('issue_payment'),
      call('lookup_claim'),
    ];

    const counts = effectMatches(
      events,
      testCase(),
      rules({ tools: tools('issue_paymnt', 'lookup_claim') }),
    );

    expect(counts).toEqual([
      {
        source: 'tool',
        name: 'issue_paymnt',
        path: ['effects', 'tools', 0],
        spans: 0,
        near: 'issue_payment',
      },
      { source: 'tool', name: 'lookup_claim', path: ['effects', 'tools', 1], spans: 1 },
    ]);
  });

  it('suggests no tool another rule already names, and counts a repeated rule’s tool only once', () => {
    const counts = effectMatches(
      [call('issue_refund')],
      testCase(),
      rules({ tools: tools('issue_refund', 'issue_refund', 'issue_refnd') }),
    );

    expect(counts.map((c) => [c.spans, c.near])).toEqual([
      [1, undefined],
      [0, undefined],
      [0, undefined],
    ]);
  });

  it('counts the HTTP effects of an endpoint, and names a request to its host that no endpoint answered', () => {
    const endpoint = {
      name: 'refund',
      url: 'https://payments.test/refunds',
      path: ['effects', 'endpoints', 0],
    };
    const missed = [request('POST', 'https://payments.test/refund', 404), effect('refund', 'span')];
    const hit = [request('POST', 'https://payments.test/refunds', 201), effect('refund', 'http')];

    const [none] = effectMatches(missed, testCase(), rules({ endpoints: [endpoint] }));
    const [one] = effectMatches(hit, testCase(), rules({ endpoints: [endpoint] }));

    expect(none).toEqual({
      source: 'endpoint',
      name: 'refund',
      path: ['effects', 'endpoints', 0],
      spans: 0,
      near: 'POST https://payments.test/refund',
    });
    expect(one).toMatchObject({ spans: 1 });
    expect(one?.near).toBeUndefined();
  });

  it('names no request for an endpoint whose host is a pattern or another host', () => {
    const endpoints = [
      { name: 'a', url: 'https://*.payments.test/refunds', path: ['effects', 'endpoints', 0] },
      { name: 'b', url: 'https://other.test/refunds', path: ['effects', 'endpoints', 1] },
    ];

    const counts = effectMatches(
      [request('POST', 'https://eu.payments.test/refund', 404)],
      testCase(),
      rules({ endpoints }),
    );

    expect(counts.map((c) => c.near)).toEqual([undefined, undefined]);
  });

  it('counts each labelled effect no rule names, at its first label, with a like name the suite or case has', () => {
    const labels: ExpectedEffect[] = [
      { effect: 'refnud', key: 'A-1', times: 1 },
      { effect: 'refnud', key: 'A-2', times: 0 },
      { effect: 'refund', key: 'A-1', times: 1 },
      { effect: 'emial', key: 'A-1', times: 1 },
      { effect: 'email', key: 'A-1', times: 1 },
    ];

    const counts = effectMatches(
      [effect('email')],
      testCase(labels),
      rules({ names: new Set(['refund']) }),
    );

    expect(counts).toEqual([
      {
        source: 'label',
        name: 'refnud',
        spans: 0,
        file: 'cases/c1.yaml',
        line: 10,
        near: 'refund',
      },
      { source: 'label', name: 'emial', spans: 0, file: 'cases/c1.yaml', line: 13, near: 'email' },
      { source: 'label', name: 'email', spans: 1, file: 'cases/c1.yaml', line: 14 },
    ]);
  });

  it('counts no label that forbids an effect nothing like happened: seeing none is right', () => {
    // `times: 0`: the ticket must not be opened. A like name still says the label is misspelt.
    const forbid = (name: string): ExpectedEffect => ({ effect: name, key: 'ACC-7', times: 0 });
    expect(effectMatches([], testCase([forbid('ticket')]), rules({}))).toEqual([]);
    expect(
      effectMatches([effect('ticket')], testCase([forbid('tikcet')]), rules({})).map((c) => c.near),
    ).toEqual(['ticket']);
    // Another label of it expects the effect: counted as before.
    expect(
      effectMatches([], testCase([forbid('ticket'), { ...forbid('ticket'), times: 1 }]), rules({})),
    ).toMatchObject([{ name: 'ticket', spans: 0 }]);
  });

  it('reports nothing when the suite has no effect rules and the case labels no effect', () => {
    expect(effectMatches([call('issue_refund')], testCase(), rules({}))).toEqual([]);
  });
});
