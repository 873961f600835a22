import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { ATTR, EVENT, GENAI } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR, VIA_MODEL_TRAFFIC } from '../conventions/model-traffic.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { normalize } from './normalize.ts';
import { spanRecord, stepSpan } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

const step = stepSpan;

/** A tool-call span as the ledger writes it for a tool_use in a model response. */
function trafficCall(id: string, at: number, parentId: string, tool: string, agent = 'triage') {
  return spanRecord(
    id,
    at,
    {
      [ATTR.event]: EVENT.toolCall,
      [ATTR.toolName]: tool,
      [ATTR.toolArgs]: '{"order_id":"A-1"}',
      [ATTR.agent]: agent,
      [MODEL_TRAFFIC_ATTR.toolVia]: VIA_MODEL_TRAFFIC,
      [MODEL_TRAFFIC_ATTR.toolId]: `toolu_${id}`,
    },
    { parentId },
  );
}

/** The mark a later request's `tool_result … is_error: true` leaves for call `id`. */
const failed = (id: string, parentId: string) =>
  spanRecord(
    `${id}-failed`,
    500,
    {
      [MODEL_TRAFFIC_ATTR.toolVia]: VIA_MODEL_TRAFFIC,
      [MODEL_TRAFFIC_ATTR.toolId]: `toolu_${id}`,
      [ATTR.toolOutcome]: 'error',
    },
    { parentId },
  );

/** The application's own GenAI tool span. */
const genaiTool = (id: string, at: number, parentId: string, tool: string) =>
  spanRecord(
    id,
    at,
    { [GENAI.operation]: 'execute_tool', [GENAI.toolName]: tool, [GENAI.agentName]: 'triage' },
    { parentId },
  );

const trafficHandoff = (id: string, at: number, parentId: string, tool: string, to: string) =>
  spanRecord(
    id,
    at,
    {
      [ATTR.event]: EVENT.handoff,
      [ATTR.handoffFrom]: 'refunds',
      [ATTR.handoffTo]: to,
      [MODEL_TRAFFIC_ATTR.via]: VIA_MODEL_TRAFFIC,
      [MODEL_TRAFFIC_ATTR.tool]: tool,
    },
    { parentId },
  );

const trafficQuestion = (id: string, at: number, parentId: string, by: string) =>
  spanRecord(
    id,
    at,
    {
      [ATTR.event]: EVENT.question,
      [ATTR.questionBy]: by,
      [ATTR.questionTo]: 'customer',
      [ATTR.questionText]: 'What is your order number?',
      [MODEL_TRAFFIC_ATTR.questionVia]: VIA_MODEL_TRAFFIC,
    },
    { parentId },
  );

function shown(e: TimelineEvent): string {
  switch (e.kind) {
    case 'tool_call':
      return `${e.step}:tool ${e.tool} by ${e.agent}${e.outcome ? ` ${e.outcome}` : ''}:${e.spanId}`;
    case 'handoff':
      return `${e.step}:handoff ${e.from}>${e.to}:${e.spanId}`;
    case 'question':
      return `${e.step}:question by ${e.by}:${e.spanId}`;
    default:
      return `${e.step}:${e.kind}`;
  }
}
const timeline = (spans: SpanRecord[]) =>
  normalize(spans)
    .events.filter((e) => e.kind !== 'step')
    .map(shown);

describe('tool calls read from model traffic', () => {
  it('are tool calls at their step, by the sender, with the arguments the model gave', () => {
    const [call] = normalize([
      step(0),
      trafficCall('m', 10, 'step0', 'lookup_order'),
    ]).events.filter((e) => e.kind === 'tool_call');
    expect(call).toEqual({
      kind: 'tool_call',
      step: 0,
      at: 10,
      spanId: 'm',
      tool: 'lookup_order',
      agent: 'triage',
      args: { order_id: 'A-1' },
    });
  });

  it('are the traced agent’s when an agent span is above the request', () => {
    const agent = spanRecord(
      'ag',
      5,
      { [GENAI.operation]: 'invoke_agent', [GENAI.agentName]: 'refunds' },
      { parentId: 'step0' },
    );
    expect(timeline([step(0), agent, trafficCall('m', 10, 'ag', 'issue_refund')])).toEqual([
      '0:agent_turn',
      '0:tool issue_refund by refunds:m',
    ]);
  });

  it('failed when a later request’s tool_result said is_error; otherwise of unknown outcome', () => {
    const spans = [
      step(0),
      trafficCall('a', 10, 'step0', 'lookup_order'),
      trafficCall('b', 20, 'step0', 'lookup_order'),
      failed('a', 'step0'),
    ];
    expect(timeline(spans)).toEqual([
      '0:tool lookup_order by triage error:a',
      '0:tool lookup_order by triage:b',
    ]);
  });

  it('count once when the application traces the same call (same step and tool): its span wins', () => {
    const spans = [
      step(0),
      step(1),
      trafficCall('m0', 10, 'step0', 'lookup_order'),
      genaiTool('g0', 20, 'step0', 'lookup_order'),
      // Another step, another tool: not the same call.
      trafficCall('m1', 110, 'step1', 'lookup_order'),
      trafficCall('m2', 30, 'step0', 'issue_refund'),
    ];
    expect(timeline(spans)).toEqual([
      '0:tool lookup_order by triage ok:g0',
      '0:tool issue_refund by triage:m2',
      '1:tool lookup_order by triage:m1',
    ]);
  });

  test.prop([
    fc.array(fc.tuple(fc.nat({ max: 2 }), fc.constantFrom('a', 'b', 'c')), { maxLength: 8 }),
    fc.array(fc.tuple(fc.nat({ max: 2 }), fc.constantFrom('a', 'b', 'c')), { maxLength: 8 }),
  ])(
    'keep every traced call, and a traffic call only where the traffic shows more of them',
    (read, traced) => {
      const spans: SpanRecord[] = [0, 1, 2].map(step);
      read.forEach(([s, tool], i) => {
        spans.push(trafficCall(`m${i}`, s * 100 + 10 + i, `step${s}`, tool));
      });
      traced.forEach(([s, tool], i) => {
        spans.push(genaiTool(`g${i}`, s * 100 + 50 + i, `step${s}`, tool));
      });
      const calls = normalize(spans).events.filter((e) => e.kind === 'tool_call');
      const count = (list: readonly (readonly [number, string])[], key: string) =>
        list.filter(([s, t]) => `${s}:${t}` === key).length;
      for (const key of new Set([...read, ...traced].map(([s, t]) => `${s}:${t}`))) {
        const kept = calls.filter((c) => `${c.step}:${c.tool}` === key);
        expect(kept.length).toBe(Math.max(count(read, key), count(traced, key)));
        expect(kept.filter((c) => c.spanId.startsWith('g')).length).toBe(count(traced, key));
      }
    },
  );
});

describe('handoff tools are never ordinary tool calls', () => {
  it('a GenAI handoff_to_<agent> span is a handoff, as transfer_to_<agent> is', () => {
    const spans = [
      step(0),
      genaiTool('g0', 10, 'step0', 'handoff_to_refunds'),
      genaiTool('g1', 20, 'step0', 'transfer_to_billing'),
    ];
    expect(timeline(spans)).toEqual(['0:handoff triage>refunds:g0', '0:handoff triage>billing:g1']);
  });

  it('the application’s span of a tool a suite rule reads as a handoff is that handoff', () => {
    const spans = [
      step(0),
      step(1),
      trafficHandoff('m0', 10, 'step0', 'escalate_to_supervisor', 'supervisor'),
      genaiTool('g0', 20, 'step0', 'escalate_to_supervisor'),
      // At another step it is a call of its own.
      genaiTool('g1', 120, 'step1', 'escalate_to_supervisor'),
    ];
    expect(timeline(spans)).toEqual([
      '0:handoff refunds>supervisor:m0',
      '1:tool escalate_to_supervisor by triage ok:g1',
    ]);
  });

  it('even when a traced handoff stands for the one read from the traffic', () => {
    const traced = spanRecord(
      't0',
      15,
      {
        [ATTR.event]: EVENT.handoff,
        [ATTR.handoffFrom]: 'refunds',
        [ATTR.handoffTo]: 'supervisor',
      },
      { parentId: 'step0' },
    );
    const spans = [
      step(0),
      trafficHandoff('m0', 10, 'step0', 'escalate_to_supervisor', 'supervisor'),
      traced,
      genaiTool('g0', 20, 'step0', 'escalate_to_supervisor'),
    ];
    expect(timeline(spans)).toEqual(['0:handoff refunds>supervisor:t0']);
  });
});

describe('questions read from model traffic', () => {
  it('are questions to the customer by the sender, unless a traced agent span says who', () => {
    const agent = spanRecord(
      'ag',
      105,
      { [ATTR.event]: EVENT.agent, [ATTR.agent]: 'billing' },
      { parentId: 'step1' },
    );
    const spans = [
      step(0),
      step(1),
      agent,
      trafficQuestion('m0', 10, 'step0', 'refunds'),
      trafficQuestion('m1', 110, 'ag', 'refunds'),
    ];
    expect(timeline(spans)).toEqual([
      '0:question by refunds:m0',
      '1:agent_turn',
      '1:question by billing:m1',
    ]);
  });

  it('count once when the application’s spans show the same agent asking at that step', () => {
    const reply = spanRecord(
      'gen',
      20,
      {
        [GENAI.operation]: 'invoke_agent',
        [GENAI.agentName]: 'refunds',
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'text', content: 'What is your order number?' }] },
        ]),
      },
      { parentId: 'step0', durationMs: 30 },
    );
    const spans = [step(0), trafficQuestion('m0', 30, 'gen', 'refunds'), reply];
    expect(timeline(spans).filter((e) => e.includes('question'))).toEqual([
      '0:question by refunds:gen',
    ]);
  });
});
