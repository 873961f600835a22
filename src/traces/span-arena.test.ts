import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpanRecord } from '../normalize/span-record.ts';
import { type ArenaChain, SpanArena } from './span-arena.ts';

const span = fc.record(
  {
    traceId: fc.constant('t'),
    spanId: fc.string({ minLength: 1, maxLength: 16 }),
    parentId: fc.string({ minLength: 1, maxLength: 16 }),
    name: fc.string(),
    start: fc.double({ noNaN: true }),
    end: fc.double({ noNaN: true }),
    attributes: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.integer(), fc.boolean())),
    status: fc.constantFrom('ok' as const, 'error' as const),
  },
  { requiredKeys: ['traceId', 'spanId', 'name', 'start', 'end', 'attributes'] },
);

describe('SpanArena', () => {
  it('gives each trace back its spans as they were added, however traces interleave', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(7), span, fc.boolean()), { maxLength: 200 }),
        (steps) => {
          const arena = new SpanArena();
          const chains = new Map<number, ArenaChain>();
          const added = new Map<number, SpanRecord[]>();
          for (const [trace, s, takeNow] of steps) {
            const chain = chains.get(trace) ?? SpanArena.chain();
            chains.set(trace, chain);
            const record = { ...s, traceId: `trace-${trace}` };
            added.set(trace, [...(added.get(trace) ?? []), record]);
            arena.add(chain, record);
            if (takeNow) {
              expect(arena.take(chain)).toStrictEqual(added.get(trace));
              added.set(trace, []);
            }
          }
          for (const [trace, chain] of chains)
            expect(arena.take(chain)).toStrictEqual(added.get(trace));
        },
      ),
    );
  });

  it('holds more spans than it starts with and reuses the places of taken traces', () => {
    const arena = new SpanArena();
    const chains = [SpanArena.chain(), SpanArena.chain()];
    const record = (i: number): SpanRecord => ({
      traceId: 'x',
      spanId: String(i),
      name: `span ${i}`,
      start: i,
      end: i + 0.5,
      attributes: { i },
    });
    for (let i = 0; i < 10_000; i++) arena.add(chains[i % 2] as ArenaChain, record(i));
    const even = arena.take(chains[0] as ArenaChain);
    expect(even).toHaveLength(5_000);
    expect(even[4_999]).toStrictEqual(record(9_998));
    for (let i = 0; i < 5_000; i++) arena.add(chains[0] as ArenaChain, record(i));
    const odd = arena.take(chains[1] as ArenaChain);
    expect(odd.map((s) => s.start)).toStrictEqual(
      Array.from({ length: 5_000 }, (_, i) => 2 * i + 1),
    );
    expect(arena.take(chains[0] as ArenaChain).map((s) => s.start)).toStrictEqual(
      Array.from({ length: 5_000 }, (_, i) => i),
    );
  });

  it('moves one chain to the end of another, as when two traces turn out to be one conversation', () => {
    const arena = new SpanArena();
    const a = SpanArena.chain();
    const b = SpanArena.chain();
    const record = (traceId: string, i: number): SpanRecord => ({
      traceId,
      spanId: `${traceId}${i}`,
      name: '',
      start: i,
      end: i,
      attributes: {},
    });
    arena.add(a, record('a', 0));
    arena.add(b, record('b', 1));
    arena.add(a, record('a', 2));
    arena.add(b, record('b', 3));
    arena.append(a, b);
    expect(b.length).toBe(0);
    arena.add(a, record('a', 4));
    expect(arena.take(a).map((s) => s.spanId)).toStrictEqual(['a0', 'a2', 'b1', 'b3', 'a4']);
    expect(arena.take(b)).toStrictEqual([]);
  });
});
