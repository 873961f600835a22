import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../model/timeline.ts';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import type { SpanRecord } from './span-record.ts';

// Spans as the Vercel AI SDK's telemetry exports them (experimental_telemetry: { isEnabled,
// functionId }): a generateText span per model call, an ai.toolCall span per executed tool.
function span(
  spanId: string,
  start: number,
  attributes: SpanRecord['attributes'],
  parentId?: string,
): SpanRecord {
  return spanRecord(spanId, start, attributes, {
    parentId,
    name: String(attributes['ai.operationId'] ?? spanId),
  });
}
const generate = (agent: string) => ({
  'ai.operationId': 'ai.generateText',
  'ai.telemetry.functionId': agent,
});
const toolCall = (agent: string, tool: string, args: unknown) => ({
  'ai.operationId': 'ai.toolCall',
  'ai.telemetry.functionId': agent,
  'ai.toolCall.name': tool,
  'ai.toolCall.id': `call-${tool}`,
  'ai.toolCall.args': JSON.stringify(args),
});

const shown = (events: readonly TimelineEvent[]) =>
  events.map((e) =>
    e.kind === 'handoff'
      ? `handoff ${e.from}→${e.to} ${JSON.stringify(e.payload)}`
      : e.kind === 'tool_call'
        ? `tool ${e.agent}:${e.tool} ${e.outcome}`
        : e.kind === 'agent_turn'
          ? `turn ${e.agent}`
          : e.kind,
  );

describe('recognizeAiSdk', () => {
  it('reads turns by functionId, tool calls, and a transfer tool as a handoff with its arguments', () => {
    const events = normalize([
      span('g1', 0, generate('triage')),
      span('t1', 1, toolCall('triage', 'lookup_order', { order_id: 'A-1' }), 'g1'),
      span('t2', 2, toolCall('triage', 'transfer_to_refunds', { order_id: 'A-1' }), 'g1'),
      span('g2', 3, generate('refunds')),
      {
        ...span('t3', 4, toolCall('refunds', 'issue_refund', { order_id: 'A-1' }), 'g2'),
        status: 'error',
      },
    ]).events;

    expect(shown(events)).toEqual([
      'turn triage',
      'tool triage:lookup_order ok',
      'handoff triage→refunds {"order_id":"A-1"}',
      'turn refunds',
      'tool refunds:issue_refund error',
    ]);
  });

  it("leaves a tool call to Baton's own span inside it, and a turn to Baton's agent turn around it", () => {
    const events = normalize([
      span('turn', 0, { 'baton.event': 'agent', 'baton.agent.name': 'billing' }),
      span('g', 1, generate('support-desk'), 'turn'),
      span('t', 2, toolCall('support-desk', 'transfer_to_refunds', { order_id: 'A-1' }), 'g'),
      span(
        'h',
        3,
        {
          'baton.event': 'handoff',
          'baton.handoff.from': 'billing',
          'baton.handoff.to': 'refunds',
        },
        't',
      ),
      span('w', 4, toolCall('support-desk', 'open_ticket', {}), 'g'),
    ]).events;

    expect(shown(events)).toEqual([
      'turn billing',
      'handoff billing→refunds undefined',
      'tool billing:open_ticket ok',
    ]);
  });
});
