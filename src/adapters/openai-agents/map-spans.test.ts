import { describe, expect, it } from 'vitest';
import { ATTR } from '../../conventions/attributes.ts';
import recorded from './fixtures/recorded-turns.json' with { type: 'json' };
import { filteredHandoffCalls, type HandoffCall, handoffCalls } from './handoff-calls.ts';
import { mapSdkSpans } from './map-spans.ts';
import { type MappingRules, mappingRules, NO_RULES } from './options.ts';
import type { PlannedSpan } from './planned-span.ts';
import { receivedInputs } from './received-input.ts';
import type { SdkSpanRecord } from './sdk-span.ts';

// Recorded from real SDK runs by fixtures/record-turns.ts: Triage Agent hands off to Refund
// Agent, which looks an order up, refunds it and escalates; and a handoff the SDK refused.
const turns = recorded as unknown as Record<
  string,
  { spans: SdkSpanRecord[]; calls: HandoffCall[] }
>;
const chain = turns.handoff_effect_escalation!;
const refused = turns.refused_handoff!;

const rules: MappingRules = mappingRules(
  {
    effects: { tools: [{ name: 'issue_refund', effect: 'refund', key: 'order_id' }] },
    escalations: { escalate_to_supervisor: 'supervisor' },
    agent_names: { 'Triage Agent': 'triage', 'Refund Agent': 'refunds' },
  },
  'suite.yaml',
);

function byEvent(spans: readonly PlannedSpan[], event: string): PlannedSpan[] {
  return spans.filter((s) => s.attributes[ATTR.event] === event);
}

describe('mapSdkSpans on a recorded SDK span stream', () => {
  it('maps agent spans to agent turns under the participant names', () => {
    const spans = mapSdkSpans(chain.spans, chain.calls, rules);

    expect(byEvent(spans, 'agent').map((s) => [s.name, s.attributes[ATTR.agent]])).toEqual([
      ['agent triage', 'triage'],
      ['agent refunds', 'refunds'],
    ]);
  });

  it('maps the handoff span to a handoff carrying the handoff tool arguments as payload', () => {
    const spans = mapSdkSpans(chain.spans, chain.calls, rules);
    const [handoff] = byEvent(spans, 'handoff');

    expect(handoff?.attributes).toMatchObject({
      [ATTR.handoffFrom]: 'triage',
      [ATTR.handoffTo]: 'refunds',
      [ATTR.handoffTargetKind]: 'agent',
      [ATTR.handoffPayload]: '{"order_id":"A-1","amount":750}',
      [ATTR.handoffPayloadSize]: 31,
    });
  });

  it('maps a call of an escalation tool to a handoff to the person, from the calling agent', () => {
    const spans = mapSdkSpans(chain.spans, chain.calls, rules);
    const escalation = byEvent(spans, 'handoff')[1];

    expect(escalation?.attributes).toMatchObject({
      [ATTR.handoffFrom]: 'refunds',
      [ATTR.handoffTo]: 'supervisor',
      [ATTR.handoffTargetKind]: 'person',
      [ATTR.handoffPayload]: '{"reason":"policy_gate","order_id":"A-1"}',
    });
  });

  it('keeps a function span as a plain span with the tool and its arguments: a tool call, not yet an effect', () => {
    const spans = mapSdkSpans(chain.spans, chain.calls, rules);
    const refund = spans.find((s) => s.name === 'function issue_refund');

    expect(byEvent(spans, 'effect')).toEqual([]);
    expect(refund?.attributes).toMatchObject({
      'openai_agents.span.type': 'function',
      'openai_agents.name': 'issue_refund',
      'openai_agents.function.input': expect.stringContaining('"order_id":"A-1"'),
    });
  });

  it('turns the adapter-level effects.tools into tool-effect rules for the runner', () => {
    expect(rules.toolEffects).toEqual([
      { tool: 'issue_refund', effect: 'refund', key: 'order_id' },
    ]);
    expect(mappingRules({ effects: { tools: ['send_email'] } }, 'suite.yaml').toolEffects).toEqual([
      { tool: 'send_email' },
    ]);
  });

  it('keeps every other span as a plain span, so the tree stays whole', () => {
    const spans = mapSdkSpans(chain.spans, chain.calls, rules);

    expect(spans).toHaveLength(chain.spans.length);
    const lookup = spans.find((s) => s.name === 'function order_lookup');
    expect(lookup?.attributes[ATTR.event]).toBeUndefined();
    expect(lookup?.attributes['openai_agents.function.input']).toBe('{"order_id":"A-1"}');
    expect(spans.filter((s) => s.name.startsWith('turn ')).length).toBe(5);
  });

  it('puts the top span under the step and every other span under its SDK parent, parents first', () => {
    const spans = mapSdkSpans(chain.spans, chain.calls, rules);
    const seen = new Set<string>();

    expect(spans.filter((s) => s.parentId === undefined).map((s) => s.name)).toEqual([
      'task Agent workflow',
    ]);
    for (const span of spans) {
      if (span.parentId !== undefined) expect(seen.has(span.parentId)).toBe(true);
      seen.add(span.id);
    }
  });

  it('orders spans by their recorded start, the handoff before the refund before the escalation', () => {
    const spans = mapSdkSpans(chain.spans, chain.calls, rules);
    const names = spans.map((s) => s.name);

    expect(names.indexOf('handoff triage -> refunds')).toBeLessThan(
      names.indexOf('function issue_refund'),
    );
    expect(names.indexOf('function issue_refund')).toBeLessThan(
      names.indexOf('handoff refunds -> supervisor (escalate_to_supervisor)'),
    );
  });

  it('does not turn a handoff the SDK refused into a handoff, and keeps its error', () => {
    const spans = mapSdkSpans(refused.spans, refused.calls, rules);
    const handoffSpan = spans.find((s) => s.attributes['openai_agents.span.type'] === 'handoff');

    expect(byEvent(spans, 'handoff')).toEqual([]);
    expect(handoffSpan?.name).toBe('handoff Triage Agent (not carried out)');
    expect(handoffSpan?.error).toBe('Invalid JSON provided');
  });

  it('records the handoff the SDK carried out when one response asked for several, and every agent asked for', () => {
    const multiple = turns.multiple_handoffs!;
    const spans = mapSdkSpans(multiple.spans, multiple.calls, rules);
    const [handoff, ...more] = byEvent(spans, 'handoff');

    expect(more).toEqual([]);
    expect(handoff?.name).toBe('handoff triage -> refunds');
    expect(handoff?.attributes).toMatchObject({
      [ATTR.handoffFrom]: 'triage',
      [ATTR.handoffTo]: 'refunds',
      [ATTR.handoffPayload]: '{"order_id":"A-1","amount":750}',
      'openai_agents.handoff.requested_agents': '["Refund Agent","Refund Agent"]',
      'openai_agents.error': 'Multiple handoffs requested',
    });
    // The work moved: the span is no failed one.
    expect(handoff?.error).toBeUndefined();
  });

  it('without rules, keeps SDK agent names and maps tool calls to plain spans', () => {
    const spans = mapSdkSpans(chain.spans, chain.calls, NO_RULES);

    expect(byEvent(spans, 'handoff').map((s) => s.attributes[ATTR.handoffTo])).toEqual([
      'Refund Agent',
    ]);
    expect(byEvent(spans, 'effect')).toEqual([]);
  });
});

describe('handoffCalls', () => {
  it('pairs each carried-out handoff with its call arguments and skips ignored ones', () => {
    const items = [
      call('c1', 'transfer_to_refunds', '{"order_id":"A-1"}'),
      call('c2', 'transfer_to_billing', '{"topic":"other"}'),
      { type: 'tool_call_item', rawItem: { callId: 'c3', arguments: '{}' } },
      output('c1', 'triage', 'refunds'),
    ];

    expect(handoffCalls(items)).toEqual([
      { from: 'triage', to: 'refunds', args: '{"order_id":"A-1"}' },
    ]);
  });
});

describe('filteredHandoffCalls', () => {
  const fc = (callId: string, name: string, args: string) => ({
    type: 'function_call',
    callId,
    name,
    arguments: args,
  });
  const tools = new Map([
    [
      'transfer_to_refunds',
      [
        { from: 'triage', to: 'refunds' },
        { from: 'billing', to: 'refunds' },
      ],
    ],
  ]);

  it('reads a handoff a filter removed from the run items out of the model responses', () => {
    const responses = [
      { output: [fc('c0', 'lookup_order', '{}')] },
      // The SDK carries out the first handoff of a response and ignores the rest.
      {
        output: [
          fc('c1', 'transfer_to_refunds', '{"order_id":"A-1"}'),
          fc('c2', 'transfer_to_refunds', '{}'),
        ],
      },
    ];

    expect(filteredHandoffCalls(responses, tools, [])).toEqual([
      {
        from: 'triage',
        to: 'refunds',
        args: '{"order_id":"A-1"}',
        offers: tools.get('transfer_to_refunds'),
      },
    ]);
  });

  it('leaves out a handoff whose run items are there', () => {
    const responses = [{ output: [fc('c1', 'transfer_to_refunds', '{"order_id":"A-1"}')] }];
    const items = [output('c1', 'triage', 'refunds')];

    expect(filteredHandoffCalls(responses, tools, items)).toEqual([]);
  });
});

describe('receivedInputs', () => {
  it("gives each handoff its receiver's start, skipping the turn's own first agent", () => {
    const starts = [
      { agent: 'triage', input: [{ role: 'user', content: 'hi' }] },
      {
        agent: 'refunds',
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'A-1' }] }],
      },
    ];

    const histories = receivedInputs(
      [
        { id: 'h1', to: 'refunds' },
        { id: 'h2', to: 'billing' },
      ],
      starts,
    );

    expect([...histories]).toEqual([['h1', '[{"role":"user","content":"A-1"}]']]);
  });
});

function call(callId: string, name: string, args: string) {
  return { type: 'handoff_call_item', rawItem: { callId, name, arguments: args } };
}

function output(callId: string, from: string, to: string) {
  return {
    type: 'handoff_output_item',
    rawItem: { callId },
    sourceAgent: { name: from },
    targetAgent: { name: to },
  };
}
