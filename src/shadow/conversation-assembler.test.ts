import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { SpanRecord } from '../normalize/span-record.ts';
import { type AssemblerOptions, ConversationAssembler } from './conversation-assembler.ts';

const OPTIONS: AssemblerOptions = {
  idleMs: 1_000,
  settleMs: 100,
  maxOpen: 100,
  maxSpans: 1_000,
  maxHeldSpans: 10_000,
};

let n = 0;
function span(
  trace: string,
  extra: Partial<SpanRecord> & { conversation?: string } = {},
): SpanRecord {
  const { conversation, ...rest } = extra;
  return {
    traceId: trace.padEnd(32, '0'),
    spanId: String(++n).padStart(16, '0'),
    parentId: 'f'.repeat(16),
    name: 's',
    start: n,
    end: n,
    attributes: conversation === undefined ? {} : { 'gen_ai.conversation.id': conversation },
    ...rest,
  };
}
function root(trace: string, conversation?: string): SpanRecord {
  const { parentId: _none, ...top } = span(
    trace,
    conversation === undefined ? {} : { conversation },
  );
  return top;
}

describe('the conversation assembler', () => {
  it('joins the traces of one conversation id, children that arrived before the root included', () => {
    const a = new ConversationAssembler(OPTIONS);
    a.add([span('a1'), span('a1')], 0);
    a.add([root('a1', 'conv-1')], 10);
    a.add([span('a2'), root('a2', 'conv-1'), root('b1', 'conv-2')], 500);
    expect(a.takeFinished(1_400)).toEqual([]);
    const [first, second] = a.takeFinished(1_500);
    expect(first).toMatchObject({ id: 'conv-1', reason: 'idle', cut: false });
    expect(first?.traceIds.map((t) => t.slice(0, 2))).toEqual(['a1', 'a2']);
    expect(first?.spans).toHaveLength(5);
    expect(second).toMatchObject({ id: 'conv-2' });
  });

  it('finishes a one-trace conversation once its root has settled, later spans pushing it on', () => {
    const a = new ConversationAssembler(OPTIONS);
    a.add([span('t1'), root('t1')], 0);
    a.add([span('t1')], 50);
    expect(a.takeFinished(120)).toEqual([]);
    expect(a.takeFinished(150)).toMatchObject([{ reason: 'settled', spans: { length: 3 } }]);
  });

  it('finishes a conversation at once when a span says baton.conversation.end', () => {
    const a = new ConversationAssembler(OPTIONS);
    a.add(
      [
        root('c1', 'conv'),
        span('c2', {
          conversation: 'conv',
          attributes: { 'gen_ai.conversation.id': 'conv', 'baton.conversation.end': true },
        }),
      ],
      0,
    );
    expect(a.takeFinished(100)).toMatchObject([{ id: 'conv', reason: 'settled' }]);
  });

  it('drops spans that come after their conversation was finished, and counts them', () => {
    const a = new ConversationAssembler(OPTIONS);
    a.add([root('x1', 'late')], 0);
    expect(a.takeFinished(1_000)).toHaveLength(1);
    expect(a.add([span('x1'), root('x2', 'late')], 1_001)).toBe(2);
    expect(a.open).toBe(0);
  });

  it('cuts the least recently active conversation past the open and held-span bounds', () => {
    const a = new ConversationAssembler({ ...OPTIONS, maxOpen: 2, maxHeldSpans: 4 });
    a.add([root('o1', 'one'), root('o2', 'two'), root('o3', 'three')], 0);
    expect(a.takeFinished(1)).toMatchObject([{ id: 'one', reason: 'open_limit', cut: true }]);
    a.add([span('o2'), span('o3'), span('o3')], 2);
    expect(a.takeFinished(3)).toMatchObject([{ id: 'two', reason: 'held_limit', cut: true }]);
    expect(a.heldSpans).toBeLessThanOrEqual(4);
  });

  it('cuts a conversation that reaches the span bound', () => {
    const a = new ConversationAssembler({ ...OPTIONS, maxSpans: 3 });
    a.add([root('l1', 'long'), span('l1'), span('l1'), span('l1')], 0);
    expect(a.takeFinished(1)).toMatchObject([
      { id: 'long', reason: 'span_limit', spans: { length: 3 } },
    ]);
    expect(a.add([span('l1')], 2)).toBe(1);
  });

  test.prop([
    fc.array(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 3 })), {
      minLength: 1,
      maxLength: 60,
    }),
    fc.integer({ min: 1, max: 7 }),
  ])('groups the same spans the same way however they are batched', (plan, batch) => {
    // Each span: trace t<k>, in conversation c<k mod 3>; the conversation id only on roots.
    const spans = plan.map(([k, kind]) =>
      kind === 0 ? root(`t${k}`, `c${k % 3}`) : span(`t${k}`),
    );
    const group = (size: number) => {
      const a = new ConversationAssembler(OPTIONS);
      for (let i = 0; i < spans.length; i += size) a.add(spans.slice(i, i + size), 0);
      return a
        .drain()
        .map(
          (c) =>
            `${c.id}:${c.spans
              .map((s) => s.spanId)
              .sort()
              .join(',')}`,
        )
        .sort();
    };
    expect(group(batch)).toEqual(group(spans.length));
  });

  it('keeps each span once when an exporter sends the same request again', () => {
    const a = new ConversationAssembler(OPTIONS);
    const line = [span('r1'), span('r1'), root('r1', 'retried')];
    a.add(line, 0);
    a.add(
      line.map((s) => ({ ...s })),
      10,
    );

    const [finished] = a.drain();

    expect(finished?.spans.map((s) => s.spanId)).toEqual(line.map((s) => s.spanId));
  });

  test.prop([
    fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 40 }),
    fc.array(fc.nat(), { maxLength: 20 }),
  ])(
    'holds the first copy of every span, in arrival order, whatever is sent again',
    (ks, again) => {
      // Ten distinct spans of one trace; a retry resends any of the batches already sent.
      const distinct = Array.from({ length: 10 }, () => span('d1'));
      const batches = ks.map((k) => [distinct[k] as SpanRecord]);
      for (const i of again) batches.push([...(batches[i % batches.length] ?? [])]);
      const a = new ConversationAssembler(OPTIONS);
      for (const b of batches) a.add(b, 0);

      const held = a.drain().flatMap((c) => c.spans.map((s) => s.spanId));

      expect(held).toEqual([...new Set(batches.flat().map((s) => s.spanId))]);
    },
  );
});
