import { describe, expect, it } from 'vitest';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import { normalize } from './normalize.ts';
import { spanRecord, stepSpan } from './span-fixtures.ts';

const turn = spanRecord(
  'turn',
  1,
  { [ATTR.event]: EVENT.agent, [ATTR.agent]: 'triage' },
  { parentId: 'step0', durationMs: 40 },
);
const toolCall = (id: string, tool: string, parentId = 'turn') =>
  spanRecord(
    id,
    5,
    {
      [ATTR.event]: EVENT.toolCall,
      [ATTR.toolName]: tool,
      [ATTR.toolArgs]: '{"order_id":"A-1001"}',
    },
    { parentId, durationMs: 2 },
  );
const handoffIn = (parentId: string) =>
  spanRecord(
    'handoff',
    5.5,
    { [ATTR.event]: EVENT.handoff, [ATTR.handoffFrom]: 'triage', [ATTR.handoffTo]: 'refunds' },
    { parentId, durationMs: 0 },
  );

const kinds = (spans: Parameters<typeof normalize>[0]) =>
  normalize(spans)
    .events.filter((e) => e.kind !== 'step' && e.kind !== 'agent_turn')
    .map((e) =>
      e.kind === 'handoff' ? `handoff ${e.from}→${e.to}` : `${e.kind} ${'tool' in e ? e.tool : ''}`,
    );

describe("Baton's tool-call spans of a built-in handoff tool", () => {
  it('a transfer tool wrapped in withToolCall around emitHandoff is the one handoff, not a tool call', () => {
    expect(
      kinds([stepSpan(0), turn, toolCall('t', 'transfer_to_refunds'), handoffIn('t')]),
    ).toEqual(['handoff triage→refunds']);
  });

  it('a transfer tool call with no handoff span inside is the handoff, its arguments the envelope', () => {
    const { events } = normalize([stepSpan(0), turn, toolCall('t', 'transfer_to_refunds')]);
    const handoffs = events.filter((e) => e.kind === 'handoff');
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0]).toMatchObject({
      from: 'triage',
      to: 'refunds',
      payload: { order_id: 'A-1001' },
    });
    expect(events.some((e) => e.kind === 'tool_call')).toBe(false);
  });

  it('any other tool stays a tool call, a handoff inside it or not', () => {
    expect(kinds([stepSpan(0), turn, toolCall('t', 'escalate'), handoffIn('t')])).toEqual([
      'tool_call escalate',
      'handoff triage→refunds',
    ]);
  });
});
