import { describe, expect, it } from 'vitest';
import type { TraceStepsConfig } from '../model/adapter-config.ts';
import { BUILT_IN_RECOGNIZERS, normalize } from '../normalize/normalize.ts';
import { spanRecord } from '../normalize/span-fixtures.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { deriveSteps } from './derive-steps.ts';
import { lowerSpans } from './lower-spans.ts';
import { participantNames } from './participant-names.ts';

function span(
  spanId: string,
  start: number,
  attributes: SpanRecord['attributes'] = {},
  parentId?: string,
  traceId = 't1',
): SpanRecord {
  return spanRecord(spanId, start, attributes, { parentId, traceId, durationMs: 5 });
}
const agent = (name: string) => ({
  'gen_ai.operation.name': 'invoke_agent',
  'gen_ai.agent.name': name,
});
const transfer = (caller: string, to: string) => ({
  'gen_ai.operation.name': 'execute_tool',
  'gen_ai.tool.name': `transfer_to_${to}`,
  'gen_ai.agent.name': caller,
});
const users = (...texts: string[]) => ({
  'gen_ai.operation.name': 'chat',
  'gen_ai.input.messages': JSON.stringify(
    texts.flatMap((t) => [
      { role: 'user', parts: [{ type: 'text', content: t }] },
      { role: 'assistant', content: 'ok' },
    ]),
  ),
});

/** Derives steps, then normalises: what the runner sees. Returns steps and handoff steps. */
function judge(spans: SpanRecord[], rule: TraceStepsConfig) {
  const derived = deriveSteps(lowerSpans(spans, BUILT_IN_RECOGNIZERS, participantNames({})), rule);
  const events = normalize(derived.spans).events;
  return {
    steps: derived.steps.map((s) => s.describe),
    matched: derived.matched,
    handoffs: events.flatMap((e) => (e.kind === 'handoff' ? [`${e.from}→${e.to}@${e.step}`] : [])),
    turns: events.flatMap((e) => (e.kind === 'agent_turn' ? [`${e.agent}@${e.step}`] : [])),
  };
}

describe('deriveSteps', () => {
  it('keeps the step spans of a trace Baton recorded', () => {
    const spans = [
      span('s0', 0, {
        'baton.event': 'step',
        'baton.step.index': 0,
        'baton.step.kind': 'customer',
      }),
      span('s1', 10, { 'baton.event': 'step', 'baton.step.index': 1, 'baton.step.kind': 'signal' }),
      span(
        'h',
        11,
        { 'baton.event': 'handoff', 'baton.handoff.from': 'a', 'baton.handoff.to': 'b' },
        's1',
      ),
    ];

    const out = deriveSteps(spans, 'agent_turns');

    expect(out.recorded).toBe(true);
    expect(out.steps.map((s) => s.describe)).toEqual([
      'recorded customer step',
      'recorded signal step',
    ]);
    expect(out.spans).toEqual(spans);
  });

  it('customer_turns: one step per trace of a conversation, in time order', () => {
    const spans = [
      span('r2', 100, {}, undefined, 't2'),
      span('b2', 101, agent('Billing'), 'r2', 't2'),
      span('x2', 102, transfer('Billing', 'supervisor'), 'b2', 't2'),
      span('r1', 0, {}, undefined, 't1'),
      span('a1', 1, agent('Triage'), 'r1', 't1'),
      span('x1', 2, transfer('Triage', 'Billing'), 'a1', 't1'),
    ];

    const out = judge(spans, 'customer_turns');

    expect(out.steps).toEqual(['trace t1 "r1"', 'trace t2 "r2"']);
    expect(out.handoffs).toEqual(['Triage→Billing@0', 'Billing→supervisor@1']);
  });

  it('customer_turns: two turns begun in one millisecond keep the order their spans were exported in', () => {
    // An SDK stamps starts in whole milliseconds and exports each span as it ends: the first
    // turn's spans come first. The span ids sort the other way round.
    const turn = (t: string, id: string, from: string, to: string) => [
      span(`x${id}`, 7, transfer(from, to), `a${id}`, t),
      span(`a${id}`, 7, agent(from), `r${id}`, t),
      span(`r${id}`, 7, {}, undefined, t),
    ];
    const exported = [
      ...turn('tb', 'z', 'Triage', 'Billing'),
      ...turn('ta', 'a', 'Billing', 'Human'),
    ];

    const out = judge(exported, 'customer_turns');

    expect(out.steps).toEqual(['trace tb "rz"', 'trace ta "ra"']);
    expect(out.handoffs).toEqual(['Triage→Billing@0', 'Billing→Human@1']);
    // The other export order is the other conversation.
    const swapped = judge([...exported.slice(3), ...exported.slice(0, 3)], 'customer_turns');
    expect(swapped.handoffs).toEqual(['Billing→Human@0', 'Triage→Billing@1']);
  });

  it('customer_turns: a trace of work beside the conversation (a summariser job) is no turn', () => {
    // Each turn re-sends the customer's messages; the job's one user message is a transcript.
    const transcript = JSON.stringify([{ role: 'user', content: 'My order A-1 is late' }]);
    const spans = [
      span('r1', 0, {}, undefined, 't1'),
      span('a1', 1, agent('Triage'), 'r1', 't1'),
      span('m1', 2, users('My order A-1 is late'), 'a1', 't1'),
      span('job', 30, {}, undefined, 'job1'),
      span('s', 31, agent('Summarizer'), 'job', 'job1'),
      span('sm', 32, users(transcript), 's', 'job1'),
      span('r2', 100, {}, undefined, 't2'),
      span('a2', 101, agent('Triage'), 'r2', 't2'),
      span('m2', 102, users('My order A-1 is late', 'It was 80 EUR'), 'a2', 't2'),
      span('x2', 103, transfer('Triage', 'Refunds'), 'a2', 't2'),
      span('dec', 200, { 'http.route': '/v1/supervisor/decisions' }, undefined, 't3'),
      span('a3', 201, agent('Refunds'), 'dec', 't3'),
      span('m3', 202, users('My order A-1 is late', 'It was 80 EUR'), 'a3', 't3'),
    ];

    const out = judge(spans, 'customer_turns');

    // The supervisor's decision re-sends the conversation: a turn, though no customer spoke.
    expect(out.steps).toEqual(['trace t1 "r1"', 'trace t2 "r2"', 'trace t3 "dec"']);
    expect(out.handoffs).toEqual(['Triage→Refunds@1']);
    expect(out.turns).toEqual(['Triage@0', 'Summarizer@0', 'Triage@1', 'Refunds@2']);
  });

  it('customer_turns: every trace is a turn when the traces re-send nothing or have no model input', () => {
    // An app that keeps the history on the server sends each message alone.
    const alone = [
      span('r1', 0, {}, undefined, 't1'),
      span('m1', 1, users('Where is order A-1?'), 'r1', 't1'),
      span('job', 30, {}, undefined, 'job1'),
      span('sm', 31, users('Summarise: Where is order A-1?'), 'job', 'job1'),
      span('r2', 100, {}, undefined, 't2'),
      span('m2', 101, users('Thanks'), 'r2', 't2'),
      span('r3', 200, {}, undefined, 't3'),
    ];

    expect(judge(alone, 'customer_turns').steps).toEqual([
      'trace t1 "r1"',
      'trace job1 "job"',
      'trace t2 "r2"',
      'trace t3 "r3"',
    ]);
  });

  it('customer_turns in one trace: a step starts where the input brings a new user message', () => {
    const spans = [
      span('root', 0),
      span('a', 1, agent('Triage'), 'root'),
      span('llm1', 2, users('Hi, my order is late'), 'a'),
      span('llm1b', 3, users('Hi, my order is late'), 'a'),
      span('llm2', 20, users('Hi, my order is late', 'Order A-1, still nothing'), 'a'),
      span('x', 21, transfer('Triage', 'Shipping'), 'a'),
    ];

    const out = judge(spans, 'customer_turns');

    expect(out.steps).toEqual([
      'customer: "Hi, my order is late"',
      'customer: "Order A-1, still nothing"',
    ]);
    expect(out.handoffs).toEqual(['Triage→Shipping@1']);
    expect(out.turns).toEqual(['Triage@0']);
  });

  it('agent_turns: nested agent turns, and the enclosing agent keeps its step after them', () => {
    const oi = (name: string, extra = {}) => ({
      'openinference.span.kind': 'AGENT',
      'graph.node.id': name,
      ...extra,
    });
    const spans = [
      span('kick', 0, { 'openinference.span.kind': 'CHAIN' }),
      span('lead', 1, oi('Lead'), 'kick'),
      span(
        'tool',
        2,
        { 'openinference.span.kind': 'TOOL', 'tool.name': 'transfer_to_Refunds' },
        'lead',
      ),
      span('ref', 3, oi('Refunds'), 'tool'),
      span(
        'back',
        4,
        { 'openinference.span.kind': 'TOOL', 'tool.name': 'transfer_to_Lead' },
        'ref',
      ),
      span(
        'late',
        30,
        { 'openinference.span.kind': 'TOOL', 'tool.name': 'transfer_to_Billing' },
        'lead',
      ),
    ];

    const out = judge(spans, 'agent_turns');

    expect(out.steps).toEqual(['agent Lead', 'agent Refunds']);
    expect(out.handoffs).toEqual(['Lead→Refunds@0', 'Refunds→Lead@1', 'Lead→Billing@0']);
  });

  it('root_children: one step per child of the root', () => {
    const spans = [
      span('root', 0),
      span('n1', 1, agent('a'), 'root'),
      span('n2', 10, agent('b'), 'root'),
      span('x', 11, transfer('b', 'c'), 'n2'),
    ];

    expect(judge(spans, 'root_children')).toMatchObject({
      steps: ['span "n1"', 'span "n2"'],
      handoffs: ['b→c@1'],
    });
  });

  it('makes the whole trace one step when the rule finds nothing, and says it matched none', () => {
    const spans = [span('root', 0), span('x', 3, transfer('a', 'b'), 'root')];

    expect(judge(spans, 'customer_turns')).toMatchObject({
      steps: ['trace t1 "root"'],
      handoffs: ['a→b@0'],
      matched: 0,
    });
  });

  it('{ attribute }: whole numbers are the steps, from `first`; a missing number is an empty step', () => {
    const turn = (n: number, extra = {}) => ({ 'chat.turn': n, ...extra });
    const spans = [
      span('root', 0),
      span('t1', 1, turn(1, agent('Triage')), 'root'),
      span('t1x', 2, turn(1, transfer('Triage', 'Billing')), 't1'),
      span('t3', 20, turn(3, agent('Billing')), 'root'),
      span('late', 21, transfer('Billing', 'supervisor'), 't3'),
      // Exported out of order and outside its turn's span, still at its turn.
      span('t1y', 30, turn(1, transfer('Triage', 'Shipping')), 'root'),
    ];

    expect(judge(spans, { attribute: 'chat.turn', first: 1 })).toEqual({
      steps: ['chat.turn "1" "t1"', 'chat.turn 2: no span', 'chat.turn "3" "t3"'],
      matched: 3,
      handoffs: ['Triage→Billing@0', 'Billing→supervisor@2', 'Triage→Shipping@0'],
      turns: ['Triage@0', 'Billing@2'],
    });
  });

  it('{ attribute }: other values are numbered in the order they first appear', () => {
    const spans = [
      span('m2', 10, { 'message.id': 'msg-b', ...agent('Billing') }),
      span('m1', 0, { 'message.id': 'msg-a', ...agent('Triage') }),
      span('x', 1, transfer('Triage', 'Billing'), 'm1'),
    ];

    expect(judge(spans, { attribute: 'message.id', first: 0 })).toMatchObject({
      steps: ['message.id "msg-a" "m1"', 'message.id "msg-b" "m2"'],
      handoffs: ['Triage→Billing@0'],
      turns: ['Triage@0', 'Billing@1'],
    });
  });
});
