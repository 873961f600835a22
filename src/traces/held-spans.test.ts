import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SpanRecord } from '../normalize/span-record.ts';
import { emptyChain as chain, type HeldChain, HeldSpanArena } from './held-spans.ts';
import { toSpanRecord } from './otlp-spans.ts';

const TRACE = '0af7651916cd43dd8448eb211c80319c';

const raws: Record<string, unknown>[] = [
  {
    traceId: TRACE,
    spanId: '00f067aa0ba902b7',
    name: 'root',
    startTimeUnixNano: '1700000000000000000',
  },
  {
    traceId: TRACE,
    spanId: '00f067aa0ba902b8',
    parentSpanId: '00f067aa0ba902b7',
    name: 'execute_tool refund',
    startTimeUnixNano: '1700000000001500000',
    endTimeUnixNano: 1700000000002000000,
    status: { code: 2 },
    attributes: [
      { key: 'gen_ai.operation.name', value: { stringValue: 'execute_tool' } },
      { key: 'n', value: { intValue: '7' } },
      { key: 'list', value: { arrayValue: { values: [{ boolValue: true }] } } },
      {
        key: 'kv',
        value: { kvlistValue: { values: [{ key: 'a', value: { doubleValue: 1.5 } }] } },
      },
      { key: 'empty', value: {} },
      { key: 'n', value: { stringValue: 'later wins' } },
      { value: { stringValue: 'no key' } },
    ],
  },
  {
    traceId: TRACE,
    spanId: '00f067aa0ba902b9',
    startTimeUnixNano: 5,
    status: { code: 'STATUS_CODE_OK' },
  },
];

describe('HeldSpanArena', () => {
  it('gives back each span as the record toSpanRecord makes of it, in the order added', () => {
    const arena = new HeldSpanArena();
    const held = chain();
    const roots = raws.map((r) =>
      arena.add(held, r, TRACE, r.spanId as string, toSpanRecord(r)?.start as number),
    );
    expect(roots).toEqual([true, false, true]);
    expect(held.count).toBe(3);
    const records = arena.take(held);
    expect(records).toStrictEqual(raws.map((r) => toSpanRecord(r)));
    // Same fields in the same order, as a report writes them.
    expect(records.map((r) => JSON.stringify(r))).toEqual(
      raws.map((r) => JSON.stringify(toSpanRecord(r))),
    );
    expect(held).toEqual(chain());
  });

  const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-fA-F]{${n}}$`));
  const id = fc.oneof(
    hex(16),
    hex(16),
    fc.base64String({ minLength: 12, maxLength: 12 }),
    fc.string(),
  );
  const value = fc.oneof(
    fc.record({ stringValue: fc.string({ maxLength: 40 }) }),
    fc.record({ intValue: fc.oneof(fc.integer(), fc.constant('9007199254740993')) }),
    fc.record({ boolValue: fc.boolean() }),
    fc.record({
      arrayValue: fc.record({
        values: fc.array(fc.record({ doubleValue: fc.double() }), { maxLength: 3 }),
      }),
    }),
    fc.constant({}),
  );
  const raw = fc.record(
    {
      spanId: id,
      parentSpanId: fc.option(id, { nil: undefined }),
      name: fc.constantFrom('chat gpt-4o', 'execute_tool refund', '', 'invoke_agent Triage'),
      startTimeUnixNano: fc.constantFrom('1700000000000000000', '1700000000001500000', 5),
      endTimeUnixNano: fc.constantFrom('1700000000002000000', undefined, 'later'),
      status: fc.constantFrom(undefined, { code: 1 }, { code: 2 }, { code: 'STATUS_CODE_OK' }),
      attributes: fc.array(
        fc.record({
          key: fc.constantFrom('gen_ai.operation.name', 'gen_ai.tool.name', 'n', 'k'),
          value,
        }),
        { maxLength: 5 },
      ),
    },
    { requiredKeys: ['spanId', 'name', 'startTimeUnixNano'] },
  );

  it('holds any interleaving of traces, reusing freed places, without mixing their spans', () => {
    // Each step adds a span to one of four traces, or takes one whole: what comes out of a
    // trace is always what went into it since it was last taken, as toSpanRecord reads it.
    const step = fc.oneof(
      fc.record({ trace: fc.nat(3), add: raw }),
      fc.record({ trace: fc.nat(3), add: fc.constant(undefined) }),
    );
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 200 }),
        fc.integer({ min: 1, max: 8 }),
        (steps, first) => {
          // Few places at first: the arrays grow while traces are held, and places are reused.
          const arena = new HeldSpanArena(undefined, first);
          const chains = [chain(), chain(), chain(), chain()];
          const expected: unknown[][] = [[], [], [], []];
          const check = (t: number) => {
            const traceId = `trace-${t}`;
            expect(arena.take(chains[t] as HeldChain)).toStrictEqual(
              (expected[t] as Record<string, unknown>[]).map((r) =>
                toSpanRecord({ ...r, traceId }),
              ),
            );
            expected[t] = [];
          };
          for (const s of steps) {
            if (s.add === undefined) {
              check(s.trace);
              continue;
            }
            const r = s.add as Record<string, unknown>;
            const record = toSpanRecord({ ...r, traceId: 'x' });
            if (record === undefined) continue;
            const root = arena.add(
              chains[s.trace] as HeldChain,
              r,
              `trace-${s.trace}`,
              record.spanId,
              record.start,
            );
            expect(root).toBe(record.parentId === undefined);
            expected[s.trace]?.push(r);
          }
          for (let t = 0; t < 4; t++) check(t);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('HeldSpanArena, holding span records', () => {
  const hexOrNot = fc.oneof(
    fc.stringMatching(/^[0-9a-f]{16}$/),
    fc.string({ minLength: 1, maxLength: 16 }),
  );
  const record = fc.record(
    {
      traceId: fc.constant('t'),
      spanId: hexOrNot,
      parentId: hexOrNot,
      name: fc.string(),
      start: fc.double({ noNaN: true }),
      end: fc.double({ noNaN: true }),
      attributes: fc.oneof(
        fc.dictionary(
          fc.oneof(fc.string(), fc.constantFrom('gen_ai.agent.name', '7', '__proto__')),
          fc.oneof(
            fc.string({ maxLength: 40 }),
            fc.integer(),
            fc.boolean(),
            fc.array(fc.string(), { maxLength: 2 }),
            fc.constant(undefined),
          ),
        ),
        fc.constant(Object.create(null) as Record<string, never>),
      ),
      status: fc.constantFrom('ok' as const, 'error' as const),
    },
    { requiredKeys: ['traceId', 'spanId', 'name', 'start', 'end', 'attributes'] },
  );

  it('gives each trace back its records as they were added, however traces interleave', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(7), record, fc.boolean()), { maxLength: 200 }),
        fc.integer({ min: 1, max: 8 }),
        (steps, first) => {
          const arena = new HeldSpanArena(undefined, first);
          const chains = new Map<number, HeldChain>();
          const added = new Map<number, SpanRecord[]>();
          for (const [trace, s, takeNow] of steps) {
            const held = chains.get(trace) ?? chain();
            chains.set(trace, held);
            const r = { ...s, traceId: `trace-${trace}` } as SpanRecord;
            added.set(trace, [...(added.get(trace) ?? []), r]);
            arena.addRecord(held, r);
            if (takeNow) {
              expect(arena.take(held)).toStrictEqual(added.get(trace));
              added.set(trace, []);
            }
          }
          for (const [trace, held] of chains)
            expect(arena.take(held)).toStrictEqual(added.get(trace));
        },
      ),
    );
  });

  it('moves one chain to the end of another, as when two traces turn out to be one conversation', () => {
    const arena = new HeldSpanArena();
    const a = chain();
    const b = chain();
    const r = (traceId: string, i: number): SpanRecord => ({
      traceId,
      spanId: `${traceId}${i}`,
      name: '',
      start: i,
      end: i,
      attributes: {},
    });
    arena.addRecord(a, r('a', 0));
    arena.addRecord(b, r('b', 1));
    arena.addRecord(a, r('a', 2));
    arena.addRecord(b, r('b', 3));
    arena.append(a, b);
    expect(b.count).toBe(0);
    arena.addRecord(a, r('a', 4));
    expect(arena.take(a).map((s) => [s.traceId, s.spanId])).toStrictEqual([
      ['a', 'a0'],
      ['a', 'a2'],
      ['b', 'b1'],
      ['b', 'b3'],
      ['a', 'a4'],
    ]);
    expect(arena.take(b)).toStrictEqual([]);
  });
});
