import { describe, expect, it } from 'vitest';
import type { TimelineEvent } from '../model/timeline.ts';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';

/** A span as openinference-instrumentation-langchain writes a LangGraph run's. */
const oi = (
  id: string,
  parentId: string | undefined,
  name: string,
  kind: string,
  node?: string,
  more: Record<string, string> = {},
) =>
  spanRecord(
    id,
    Number(id.replace(/\D/g, '')) || 0,
    {
      'openinference.span.kind': kind,
      metadata: JSON.stringify({ thread_id: 't-1', ...(node && { langgraph_node: node }) }),
      ...more,
    },
    { parentId, name, durationMs: 1 },
  );

/** A swarm: triage (its own `agent` and `tools` nodes) transfers to refunds, which refunds. */
const swarm = [
  oi('s0', undefined, 'LangGraph', 'CHAIN'),
  oi('s1', 's0', 'triage', 'CHAIN', 'triage'),
  oi('s2', 's1', 'agent', 'AGENT', 'agent'),
  oi('s3', 's2', 'ChatOpenAI', 'LLM', 'agent'),
  oi('s4', 's1', 'tools', 'CHAIN', 'tools'),
  oi('s5', 's4', 'transfer_to_refunds', 'TOOL', 'tools', {
    'tool.name': 'transfer_to_refunds',
    'input.value': '{"order_id": "A-9001"}',
  }),
  oi('s6', 's0', 'refunds', 'CHAIN', 'refunds'),
  oi('s7', 's6', 'agent', 'AGENT', 'agent'),
  oi('s8', 's7', 'ChatOpenAI', 'LLM', 'agent'),
  oi('s9', 's6', 'tools', 'CHAIN', 'tools'),
  oi('s10', 's9', 'issue_refund', 'TOOL', 'tools', { 'tool.name': 'issue_refund' }),
];

const said = (events: readonly TimelineEvent[]) =>
  events.map((e) =>
    e.kind === 'agent_turn'
      ? `turn ${e.agent}`
      : e.kind === 'handoff'
        ? `handoff ${e.from} → ${e.to}`
        : e.kind === 'tool_call'
          ? `tool ${e.tool} by ${e.agent}`
          : e.kind,
  );

describe('a LangGraph multi-agent graph traced by the OpenInference LangChain instrumentor', () => {
  it("names each agent after its node of the outer graph, not its inner `agent` node's span", () => {
    const { events } = normalize(swarm);
    expect(said(events)).toEqual([
      'turn triage',
      'handoff triage → refunds',
      'turn refunds',
      'tool issue_refund by refunds',
    ]);
    expect(events.find((e) => e.kind === 'handoff')).toMatchObject({
      payload: { order_id: 'A-9001' },
    });
  });

  it('takes an outer node with no model call inside (a tools node) for no agent', () => {
    const tools = [
      oi('s0', undefined, 'LangGraph', 'CHAIN'),
      oi('s1', 's0', 'tools', 'CHAIN', 'tools'),
      oi('s2', 's1', 'lookup_order', 'TOOL', 'tools', { 'tool.name': 'lookup_order' }),
    ];
    expect(said(normalize(tools).events)).toEqual(['tool lookup_order by undefined']);
  });

  it('leaves an AGENT span that names its agent alone', () => {
    const named = swarm.map((s) =>
      s.spanId === 's2' ? { ...s, attributes: { ...s.attributes, 'agent.name': 'front_desk' } } : s,
    );
    expect(said(normalize(named).events).slice(0, 2)).toEqual([
      'turn front_desk',
      'handoff front_desk → refunds',
    ]);
  });
});
