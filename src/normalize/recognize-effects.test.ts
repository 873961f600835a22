import { describe, expect, it } from 'vitest';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

function span(
  spanId: string,
  start: number,
  attributes: SpanRecord['attributes'],
  parentId?: string,
): SpanRecord {
  return spanRecord(spanId, start, attributes, { parentId });
}

const step0 = span('step0', 0, { 'baton.event': 'step', 'baton.step.index': 0 });
const triage = span('turn', 1, { 'baton.event': 'agent', 'baton.agent.name': 'triage' }, 'step0');
const genAi = span(
  'genai',
  1,
  { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'Refunds' },
  'step0',
);

const eventsOf = (...spans: SpanRecord[]) =>
  normalize([step0, triage, genAi, ...spans]).events.filter(
    (e) => e.kind !== 'step' && e.kind !== 'agent_turn',
  );

describe('recognizeEffects', () => {
  it('reads an effect with defaults, its agent from the nearest agent span', () => {
    const e = span(
      'e',
      2,
      { 'baton.event': 'effect', 'baton.effect.name': 'refund', 'baton.effect.key': 'A-1' },
      'turn',
    );
    expect(eventsOf(e)).toEqual([
      {
        kind: 'effect',
        step: 0,
        at: 2,
        spanId: 'e',
        effect: 'refund',
        key: 'A-1',
        agent: 'triage',
        outcome: 'committed',
        via: 'span',
      },
    ]);
  });

  it('prefers the agent named on the span, reads GenAI agents, outcome, via, numeric keys and a declared owner', () => {
    const attrs = { 'baton.event': 'effect', 'baton.effect.name': 'refund', 'baton.effect.key': 7 };
    const events = eventsOf(
      span('own', 2, { ...attrs, 'baton.agent.name': 'billing' }, 'turn'),
      span(
        'gen',
        3,
        { ...attrs, 'baton.effect.outcome': 'failed', 'baton.effect.via': 'http' },
        'genai',
      ),
      span('owned', 4, { ...attrs, 'baton.effect.owner': 'refunds' }),
    );
    expect(events).toMatchObject([
      { agent: 'billing', key: '7' },
      { agent: 'Refunds', outcome: 'failed', via: 'http' },
      { owner: 'refunds' },
    ]);
    expect(events[2]).not.toHaveProperty('agent');
  });

  it('ignores spans that lack a required attribute or name an unknown outcome', () => {
    const events = eventsOf(
      span('a', 2, { 'baton.event': 'effect', 'baton.effect.name': 'refund' }),
      span('b', 3, {
        'baton.event': 'effect',
        'baton.effect.name': 'r',
        'baton.effect.key': 'k',
        'baton.effect.outcome': 'maybe',
      }),
      span('c', 4, { 'baton.event': 'claim', 'baton.work.id': 'T-1' }),
      span('d', 5, { 'baton.event': 'request', 'http.request.method': 'GET' }),
    );
    expect(events).toEqual([]);
  });

  it('reads requests, with the host from the URL when server.address is absent', () => {
    const events = eventsOf(
      span(
        'r',
        2,
        {
          'baton.event': 'request',
          'http.request.method': 'POST',
          'url.full': 'https://evil.test:8443/x?y=1',
          'http.response.status_code': 200,
          'baton.request.refused': true,
        },
        'turn',
      ),
    );
    expect(events).toMatchObject([
      {
        kind: 'request',
        method: 'POST',
        host: 'evil.test',
        status: 200,
        refused: true,
        agent: 'triage',
      },
    ]);
  });

  it('reads claims (granted by default, with an expiry) and releases', () => {
    const events = eventsOf(
      span(
        'c1',
        2,
        { 'baton.event': 'claim', 'baton.work.id': 'T-1', 'baton.claim.expires_at': 500 },
        'turn',
      ),
      span('c2', 3, {
        'baton.event': 'claim',
        'baton.work.id': 'T-1',
        'baton.agent.name': 'b',
        'baton.claim.granted': false,
      }),
      span('r1', 4, { 'baton.event': 'release', 'baton.work.id': 'T-1' }, 'turn'),
    );
    expect(events).toEqual([
      {
        kind: 'claim',
        step: 0,
        at: 2,
        spanId: 'c1',
        work: 'T-1',
        agent: 'triage',
        granted: true,
        expiresAt: 500,
      },
      { kind: 'claim', step: 0, at: 3, spanId: 'c2', work: 'T-1', agent: 'b', granted: false },
      { kind: 'release', step: 0, at: 4, spanId: 'r1', work: 'T-1', agent: 'triage' },
    ]);
  });
});
