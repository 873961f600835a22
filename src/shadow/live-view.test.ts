import { describe, expect, it } from 'vitest';
import { ShadowConfig } from '../model/shadow-config.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { liveReader } from './live-trace.ts';
import { liveView } from './live-view.ts';

const read = liveReader(ShadowConfig.parse({}).live);
let n = 0;
const id = () => String(++n).padStart(16, '0');

/** A span of trace `trace` (hex), under `parent`, with these attributes. */
function span(
  trace: string,
  name: string,
  at: number,
  attributes: SpanRecord['attributes'],
  parentId?: string,
): SpanRecord {
  return {
    traceId: trace.padEnd(32, '0'),
    spanId: id(),
    ...(parentId !== undefined && { parentId }),
    name,
    start: at,
    end: at + 50,
    attributes,
  };
}

describe('a live conversation as shadow and stats read it', () => {
  it('is no conversation when nothing in it is an agent’s doing: a health check', () => {
    const health = [span('a1', 'GET /healthz', 0, { 'url.path': '/healthz' })];

    expect(liveView(read(health)).active).toBe(false);
  });

  it('is a conversation with a step input, even before any agent acts', () => {
    const input = JSON.stringify({ kind: 'customer', text: 'hello' });
    const asked = [span('a2', 'POST /turn', 0, { 'baton.step.input': input })];

    expect(liveView(read(asked)).active).toBe(true);
  });

  it('makes the suite’s tool effects effects, as a run does', () => {
    const root = span('a3', 'POST /turn', 0, {});
    const agent = span(
      'a3',
      'agent refunds',
      1,
      { 'baton.event': 'agent', 'baton.agent.name': 'refunds' },
      root.spanId,
    );
    const call = span(
      'a3',
      'issue_refund',
      2,
      {
        'baton.event': 'tool_call',
        'baton.tool.name': 'issue_refund',
        'baton.tool.args': '{"order_id":"A-1"}',
      },
      agent.spanId,
    );
    const rules = [{ tool: 'issue_refund', effect: 'refund', key: 'order_id' }];

    const view = liveView(read([root, agent, call]), { toolEffects: rules });

    expect(view.timeline.events.filter((e) => e.kind === 'effect')).toMatchObject([
      { effect: 'refund', key: 'A-1', agent: 'refunds', outcome: 'committed' },
    ]);
  });

  it('takes a turn’s words from its first model call when the turn’s root span has none', () => {
    // Two turns of one conversation, each an HTTP request around a model call that re-sends
    // the conversation so far: the second turn's words are its last user message.
    const said = (...texts: string[]) =>
      JSON.stringify(texts.map((content) => ({ role: 'user', content })));
    const spans = ['b1', 'b2'].flatMap((trace, k) => {
      const root = span(trace, 'POST /v1/chat', k * 1000, { 'session.id': 'conv-1' });
      const words = k === 0 ? said('refund A-1') : said('refund A-1', 'it was 35 EUR');
      return [
        root,
        span(trace, 'response', k * 1000 + 5, { 'gen_ai.input.messages': words }, root.spanId),
      ];
    });

    const view = liveView(read(spans));

    expect(view.inputs).toEqual([
      { kind: 'customer', text: 'refund A-1' },
      { kind: 'customer', text: 'it was 35 EUR' },
    ]);
  });
});
