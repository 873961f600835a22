import { describe, expect, it } from 'vitest';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import { MAX_ANCESTORS, SpanIndex } from './span-index.ts';

const tool = (id: string, start: number, parentId: string) =>
  spanRecord(
    id,
    start,
    { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'transfer_to_refunds' },
    { parentId },
  );

describe('SpanIndex on parent chains that loop (recorded and received spans are untrusted)', () => {
  it('ends the walk for a span that is its own parent', () => {
    const self = spanRecord('a', 1, {}, { parentId: 'a' });
    const index = new SpanIndex([self]);
    expect(index.parent(self)).toBeUndefined();
    expect(index.nearest(self, () => undefined)).toBeUndefined();
  });

  it('ends the walk for an A → B → A cycle after a bounded number of hops', () => {
    const a = spanRecord('a', 1, {}, { parentId: 'b' });
    const b = spanRecord('b', 2, {}, { parentId: 'a' });
    const index = new SpanIndex([a, b]);
    let visited = 0;
    expect(index.nearest(a, () => void visited++)).toBeUndefined();
    expect(visited).toBe(MAX_ANCESTORS + 1);
  });

  it('normalises a trace whose handoff sits in a cycle: no handoff without a sender, no hang', () => {
    const spans = [tool('t1', 1, 't2'), tool('t2', 2, 't1'), tool('t3', 3, 't3')];
    expect(normalize(spans).events).toEqual([]);
  });

  it('still finds the sender above a cycle-free chain', () => {
    const agent = spanRecord('ag', 0, {
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.agent.name': 'triage',
    });
    const events = normalize([agent, tool('t1', 1, 'ag')]).events;
    expect(events.map((e) => e.kind)).toEqual(['agent_turn', 'handoff']);
  });
});
