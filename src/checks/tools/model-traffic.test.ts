import { describe, expect, it } from 'vitest';
import { ATTR, EVENT, GENAI } from '../../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR, VIA_MODEL_TRAFFIC } from '../../conventions/model-traffic.ts';
import type { Labels } from '../../model/labelled-case.ts';
import { normalize } from '../../normalize/normalize.ts';
import { spanRecord } from '../../normalize/span-fixtures.ts';
import type { SpanRecord } from '../../normalize/span-record.ts';
import { toolTrajectory } from './tool-trajectory.ts';

// A desk whose orchestrator looks an order up and hands it to refunds with handoff_to_refunds,
// and whose refunds agent pays it: what Baton reads from the model traffic, with and without the
// application's own GenAI spans beside it.

const step = spanRecord(
  'step0',
  0,
  { [ATTR.event]: EVENT.step, [ATTR.stepIndex]: 0 },
  {
    durationMs: 1000,
  },
);

const read = (id: string, at: number, tool: string, agent: string, args: string) =>
  spanRecord(
    id,
    at,
    {
      [ATTR.event]: EVENT.toolCall,
      [ATTR.toolName]: tool,
      [ATTR.toolArgs]: args,
      [ATTR.agent]: agent,
      [MODEL_TRAFFIC_ATTR.toolVia]: VIA_MODEL_TRAFFIC,
    },
    { parentId: 'step0' },
  );

const traffic: SpanRecord[] = [
  read('m1', 10, 'lookup_order', 'orchestrator', '{"order_id":"A-1001"}'),
  spanRecord(
    'm2',
    20,
    {
      [ATTR.event]: EVENT.handoff,
      [ATTR.handoffFrom]: 'orchestrator',
      [ATTR.handoffTo]: 'refunds',
      [ATTR.handoffPayload]: '{"order_id":"A-1001"}',
      [MODEL_TRAFFIC_ATTR.via]: VIA_MODEL_TRAFFIC,
      [MODEL_TRAFFIC_ATTR.tool]: 'handoff_to_refunds',
    },
    { parentId: 'step0' },
  ),
  read('m3', 40, 'issue_refund', 'refunds', '{"order_id":"A-1001","amount":120}'),
];

const agent = (id: string, at: number, name: string) =>
  spanRecord(
    id,
    at,
    { [GENAI.operation]: 'invoke_agent', [GENAI.agentName]: name },
    { parentId: 'step0', durationMs: 15 },
  );
const executed = (id: string, at: number, parentId: string, tool: string, args: string) =>
  spanRecord(
    id,
    at,
    { [GENAI.operation]: 'execute_tool', [GENAI.toolName]: tool, [GENAI.toolArgs]: args },
    { parentId },
  );

const traced: SpanRecord[] = [
  agent('o', 5, 'orchestrator'),
  executed('g1', 12, 'o', 'lookup_order', '{"order_id":"A-1001"}'),
  executed('g2', 18, 'o', 'handoff_to_refunds', '{"order_id":"A-1001"}'),
  agent('r', 30, 'refunds'),
  executed('g3', 42, 'r', 'issue_refund', '{"order_id":"A-1001","amount":120}'),
];

const strict: Labels = {
  handoffs: [],
  tools: {
    match: 'strict',
    calls: [
      { tool: 'lookup_order', args: { order_id: 'A-1001' }, agent: 'orchestrator' },
      { tool: 'issue_refund', args: { order_id: 'A-1001', amount: 120 }, agent: 'refunds' },
    ],
  },
};

describe('tool trajectories of an app judged from its model traffic', () => {
  it('sees the tool calls the model made, with no span from the app', () => {
    expect(toolTrajectory.run(normalize([step, ...traffic]), strict, {})).toEqual([]);
  });

  it('counts each call once beside the app’s own tool spans, and never a handoff tool', () => {
    const timeline = normalize([step, ...traffic, ...traced]);
    expect(toolTrajectory.run(timeline, strict, {})).toEqual([]);
    expect(timeline.events.filter((e) => e.kind === 'handoff')).toHaveLength(1);
  });

  it('still finds a call that was not made', () => {
    const timeline = normalize([step, ...traffic.slice(0, 2)]);
    expect(toolTrajectory.run(timeline, strict, {}).map((f) => f.code)).toEqual(['tool.missing']);
  });
});
