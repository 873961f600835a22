import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalize } from './normalize.ts';
import { spanRecord } from './span-fixtures.ts';
import { MAX_ANCESTORS, SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

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

describe('SpanIndex.step', () => {
  /** The rule spelled out: the nearest step span at or above, else the last step started before. */
  function referenceStep(spans: readonly SpanRecord[], span: SpanRecord): number {
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    let s: SpanRecord | undefined = span;
    for (let hops = 0; s && hops <= MAX_ANCESTORS; hops++) {
      const index = SpanIndex.stepIndexOf(s);
      if (index !== undefined) return index;
      s = s.parentId === undefined || s.parentId === s.spanId ? undefined : byId.get(s.parentId);
    }
    const before = spans
      .filter((x) => SpanIndex.stepIndexOf(x) !== undefined && x.start <= span.start)
      .sort((x, y) => x.start - y.start);
    return before.length === 0
      ? -1
      : (SpanIndex.stepIndexOf(before.at(-1) as SpanRecord) as number);
  }

  it('places every span as the rule says, in traces with and without step spans', () => {
    const node = fc.record({
      parent: fc.option(fc.nat(11), { nil: undefined }),
      start: fc.nat(20),
      step: fc.option(fc.nat(3), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(node, { minLength: 1, maxLength: 12 }), (nodes) => {
        const spans = nodes.map((n, i) =>
          spanRecord(
            `s${i}`,
            n.start,
            n.step === undefined ? {} : { 'baton.event': 'step', 'baton.step.index': n.step },
            { parentId: n.parent === undefined ? undefined : `s${n.parent}` },
          ),
        );
        const index = new SpanIndex(spans);
        for (const span of spans) expect(index.step(span)).toBe(referenceStep(spans, span));
      }),
    );
  });
});
