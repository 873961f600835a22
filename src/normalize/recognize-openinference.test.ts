import { describe, expect, it } from 'vitest';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

function span(
  spanId: string,
  start: number,
  name: string,
  attributes: SpanRecord['attributes'],
  parentId?: string,
): SpanRecord {
  return spanRecord(spanId, start, attributes, { parentId, name });
}
const named = (name: string) => ({ 'agent.name': name, 'graph.node.id': name });
const kind = (k: string, extra: SpanRecord['attributes'] = {}) => ({
  'openinference.span.kind': k,
  ...extra,
});

describe('recognizeOpenInference', () => {
  it('reads the Agents SDK processor shape: AGENT spans, a TOOL span `handoff to <agent>`', () => {
    const events = normalize([
      span('root', 0, 'Agent workflow', kind('AGENT')),
      span('tri', 1, 'Triage', kind('AGENT', { 'graph.node.id': 'Triage' }), 'root'),
      span('h', 2, 'handoff to Refunds', kind('TOOL'), 'tri'),
      span(
        'ref',
        3,
        'Refunds',
        kind('AGENT', { 'graph.node.id': 'Refunds', 'graph.node.parent_id': 'Triage' }),
        'root',
      ),
    ]).events;

    expect(
      events.map((e) => [
        e.kind,
        'agent' in e ? e.agent : `${'from' in e && e.from}→${'to' in e && e.to}`,
      ]),
    ).toEqual([
      ['agent_turn', 'Triage'],
      ['handoff', 'Triage→Refunds'],
      ['agent_turn', 'Refunds'],
    ]);
  });

  it('knows the Agents SDK workflow span by its shape, wherever it sits: no agent under HTTP or a task', () => {
    // FastAPI's server span (or a Celery task span) is the root; the processor's workflow span
    // under it has neither agent.name nor graph.node.id, and the agent spans under it have both.
    const agents = (root: string) =>
      normalize([
        span('http', 0, root, { 'http.request.method': 'POST' }),
        span('wf', 1, 'Support desk', kind('AGENT', { 'session.id': 's-1' }), 'http'),
        span('tri', 2, 'Triage Agent', kind('AGENT', named('Triage Agent')), 'wf'),
        span('bil', 4, 'Billing Agent', kind('AGENT', named('Billing Agent')), 'wf'),
      ])
        .events.filter((e) => e.kind === 'agent_turn')
        .map((e) => ('agent' in e ? e.agent : ''));

    expect(agents('POST /v1/chat')).toEqual(['Triage Agent', 'Billing Agent']);
    expect(agents('run/tasks.summarize')).toEqual(['Triage Agent', 'Billing Agent']);
  });

  it('keeps a nameless AGENT span below another span an agent when no named agent is under it', () => {
    // LangChain marks any run with "agent" in its name AGENT, without agent.name.
    const events = normalize([
      span('http', 0, 'POST /chat', { 'http.request.method': 'POST' }),
      span('ag', 1, 'support_agent', kind('AGENT', { 'input.value': 'hi' }), 'http'),
      span('llm', 2, 'ChatOpenAI', kind('LLM'), 'ag'),
    ]).events;

    expect(events).toMatchObject([{ kind: 'agent_turn', agent: 'support_agent' }]);
  });

  it('takes an Agents SDK handoff’s payload from the handoff tool call of the sender’s model, not input.value', () => {
    // What openinference-instrumentation-openai-agents writes: the handoff span names only the
    // agents (input.value is the sender); the envelope is in the `response` span before it.
    const call = 'llm.output_messages.0.message.tool_calls.0.tool_call.function.';
    const response = (name: string, args: string) =>
      kind('LLM', { [`${call}name`]: name, [`${call}arguments`]: args });
    const [handoff] = normalize([
      span('root', 0, 'Fjord support', kind('AGENT')),
      span('f', 1, 'Frontline', kind('AGENT', { 'agent.name': 'Frontline' }), 'root'),
      span('r1', 2, 'response', response('get_plan', '{"line_id":"MB-1"}'), 'f'),
      span(
        'r2',
        4,
        'response',
        response('transfer_to_billing_specialist', '{"invoice_id":"F-5521"}'),
        'f',
      ),
      span(
        'h',
        6,
        'handoff to Billing Specialist',
        kind('TOOL', { 'input.value': 'Frontline', 'output.value': 'Billing Specialist' }),
        'f',
      ),
    ]).events.filter((e) => e.kind === 'handoff');

    expect(handoff).toMatchObject({
      from: 'Frontline',
      to: 'Billing Specialist',
      payload: { invoice_id: 'F-5521' },
    });
  });

  it('leaves an Agents SDK handoff without payload when no model call before it made the handoff', () => {
    const [handoff] = normalize([
      span('f', 1, 'Frontline', kind('AGENT', { 'agent.name': 'Frontline' })),
      span('h', 6, 'handoff to Billing', kind('TOOL', { 'input.value': 'Frontline' }), 'f'),
    ]).events.filter((e) => e.kind === 'handoff');

    expect(handoff).toMatchObject({ from: 'Frontline', to: 'Billing' });
    expect(handoff && 'payload' in handoff ? handoff.payload : undefined).toBeUndefined();
  });

  it('finds the sender in graph.node.parent_id when no agent span encloses the handoff', () => {
    const [h] = normalize([
      span('h', 2, 'handoff to Refunds', kind('TOOL')),
      span(
        'r1',
        3,
        'Refunds',
        kind('AGENT', { 'graph.node.id': 'Refunds', 'graph.node.parent_id': 'Triage' }),
      ),
      span(
        'r2',
        9,
        'Refunds',
        kind('AGENT', { 'graph.node.id': 'Refunds', 'graph.node.parent_id': 'Billing' }),
      ),
    ]).events.filter((e) => e.kind === 'handoff');

    expect(h).toMatchObject({ from: 'Triage', to: 'Refunds' });
  });

  it('reads a transfer_to_<agent> TOOL span with input.value as the payload', () => {
    const [h] = normalize([
      span('a', 1, 'triage', kind('AGENT', { 'agent.name': 'triage' })),
      span(
        'h',
        2,
        'tool',
        kind('TOOL', { 'tool.name': 'transfer_to_refunds', 'input.value': '{"order_id":"A-1"}' }),
        'a',
      ),
    ]).events.filter((e) => e.kind === 'handoff');

    expect(h).toMatchObject({ from: 'triage', to: 'refunds', payload: { order_id: 'A-1' } });
  });

  it('reads any other TOOL span as a tool call of the agent above it, with its arguments', () => {
    const events = normalize([
      span('tri', 0, 'Triage', kind('AGENT', { 'agent.name': 'triage' })),
      span(
        'a',
        1,
        'lookup',
        kind('TOOL', { 'tool.name': 'lookup_order', 'input.value': '{"order_id":"A-1"}' }),
        'tri',
      ),
      span('n', 2, 'search.run', kind('TOOL', { 'input.value': 'blenders' }), 'tri'),
      {
        ...span('f', 3, 'refund', kind('TOOL', { 'tool.name': 'issue_refund' }), 'tri'),
        status: 'error' as const,
      },
    ]).events.filter((e) => e.kind === 'tool_call');

    expect(events).toEqual([
      expect.objectContaining({
        tool: 'lookup_order',
        agent: 'triage',
        args: { order_id: 'A-1' },
        outcome: 'ok',
      }),
      expect.objectContaining({
        tool: 'search.run',
        agent: 'triage',
        args: 'blenders',
        outcome: 'ok',
      }),
      expect.objectContaining({ tool: 'issue_refund', agent: 'triage', outcome: 'error' }),
    ]);
  });

  it('ignores spans of other kinds', () => {
    const events = normalize([
      span('b', 2, 'y', kind('LLM')),
      span('c', 3, 'z', kind('CHAIN')),
    ]).events;

    expect(events).toEqual([]);
  });
});
