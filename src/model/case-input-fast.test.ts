import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { arbitraryFromSchema } from '../contracts/arbitrary/from-schema.ts';
import { CaseInput } from './case.ts';
import { fastCaseInput } from './case-input-fast.ts';

/**
 * Equal as the schema's value must be: the same keys in the same order (reports print labels in
 * it), the same primitives (NaN and -0 included), the same kinds of object.
 */
function same(a: unknown, b: unknown, seen = new Map<object, unknown>()): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null)
    return Object.is(a, b);
  // A value zod passes through as given (a tool's result) may hold itself.
  if (seen.has(a)) return seen.get(a) === b;
  seen.set(a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Reflect.ownKeys(a);
  const kb = Reflect.ownKeys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => same((a as never)[k], (b as never)[k], seen));
}

/** The fast check agrees with the schema: sure only of what zod accepts, and of its value. */
function agrees(data: unknown): { fast: boolean } {
  const fast = fastCaseInput(data);
  const zod = CaseInput.safeParse(data);
  if (fast !== undefined) {
    expect(zod.success, 'the fast check accepted what the schema refuses').toBe(true);
    expect(same(fast, zod.data), 'the fast check returned another value').toBe(true);
  }
  return { fast: fast !== undefined };
}

const name = fc.constantFrom('triage', 'billing', 'Refund_agent.2', 'a', 'team-queue');
const person = fc.constantFrom('supervisor', 'team_queue', 'Lead');
const text = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom('ok', 'é ✓'));
const index = fc.nat(8);
const fact = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
);
const json = fc.jsonValue({ maxDepth: 2 });
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const window = fc.tuple(index, fc.nat(4)).map(([a, d]) => [a, a + d]);

/** Drops the keys left undefined, as a case file would leave them out. */
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const record = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
  fc.record(shape).map((o) => defined(o as Record<string, unknown>));

const step = fc.oneof(
  record({ customer: text }),
  record({
    tool: record({ name: text, ok: opt(fc.boolean()), result: opt(json), error: opt(fc.string()) }),
  }),
  record({
    signal: fc
      .tuple(
        record({
          confidence: opt(fc.double({ min: 0, max: 1, noNaN: true })),
          budget_used: opt(fc.double({ min: 0, max: 3, noNaN: true })),
          deadline_minutes: opt(fc.integer({ min: -50, max: 500 })),
        }),
        fc.dictionary(fc.constantFrom('region', 'tier', 'score', '1'), fact, {
          maxKeys: 2,
        }),
      )
      // Extra signals written first, then the schema's own: the value orders them.
      .map(([own, extra]) => ({ ...extra, ...own })),
  }),
  record({ person: record({ who: person, decision: text, note: opt(fc.string()) }) }),
);

const carryValue = fc.oneof(
  fact,
  record({ equals: fact }),
  record({ contains: fc.oneof(text, fc.integer()) }),
);
const handoff = fc
  .record({
    from: name,
    to: name,
    when: fc.oneof(
      index.map((at) => ({ at })),
      window.map((window) => ({ window })),
    ),
    reason: opt(fc.constantFrom('policy_gate', 'capability_boundary', 'x1')),
    alternatives: opt(fc.array(name, { maxLength: 2 })),
    carry: opt(
      fc.dictionary(fc.constantFrom('order_id', 'amount', 'a.b', '0'), carryValue, {
        maxKeys: 3,
        noNullPrototype: true,
      }),
    ),
  })
  .map(({ when, ...h }) => defined({ ...h, ...when }));
const effect = record({
  effect: text,
  key: fc.oneof(fc.string(), fc.integer()),
  owner: opt(name),
  times: opt(fc.nat(3)),
  at: opt(index),
});
const tools = fc.oneof(
  fc.constant('none'),
  fc.array(
    fc.oneof(
      text,
      record({
        tool: text,
        agent: opt(name),
        args: opt(fc.dictionary(fc.string(), json, { maxKeys: 2, noNullPrototype: true })),
      }),
    ),
    { minLength: 1, maxLength: 2 },
  ),
  record({
    match: opt(fc.constantFrom('strict', 'subset')),
    calls: fc.array(text, { maxLength: 2 }),
  }),
);
const fault = fc.oneof(
  fc.constant({ fault: 'duplicate_delivery' }),
  record({
    fault: fc.constant('http_error'),
    endpoint: text,
    status: opt(fc.integer({ min: 500, max: 599 })),
  }),
  record({ fault: fc.constant('permute'), seed: opt(fc.integer()) }),
);

/** Valid cases of many shapes (the checks after the schema — names, steps — are not its business). */
const validInput = record({
  $schema: opt(fc.constant('../schemas/case.schema.json')),
  id: fc.stringMatching(/^[a-z0-9][a-z0-9_.-]{0,12}$/),
  title: text,
  source: text,
  tags: opt(fc.array(text, { maxLength: 3 })),
  participants: record({
    agents: fc.array(name, { minLength: 1, maxLength: 3 }),
    persons: opt(fc.array(person, { maxLength: 2 })),
  }),
  entry: opt(name),
  steps: opt(fc.array(step, { minLength: 1, maxLength: 5 })),
  trace: opt(record({ file: opt(text), trace_id: opt(fc.constantFrom('ab12', '0f')) })),
  expect: record({
    handoffs: fc.oneof(fc.constant('none'), fc.array(handoff, { minLength: 1, maxLength: 3 })),
    max_hops: opt(fc.nat(5)),
    effects: opt(fc.array(effect, { maxLength: 2 })),
    ownership: opt(
      record({ work: opt(text), max_wait_ms: opt(fc.integer({ min: 1, max: 10_000 })) }),
    ),
    tools: opt(tools),
  }),
  faults: opt(fc.array(fault, { maxLength: 2 })),
}).filter((c) => c.steps !== undefined || c.trace !== undefined);

/** Values put where they do not belong: wrong types, out of range, empty, odd numbers. */
const misfit = fc.oneof(
  fc.constantFrom(null, undefined, '', 'none', 'Upper Case', -1, 1.5, 2 ** 60, Number.NaN),
  fc.constantFrom(Number.POSITIVE_INFINITY, -0, true, [], {}, [[]], { customer: 'x' }, [0, 0, 0]),
  fc.constantFrom([3, 1], { equals: {} }, { contains: '' }, 'triage', 7, { fault: 'permute' }),
  fc.constantFrom(Object.create(null), new Date(0), 'a'.repeat(3)),
  fact,
);

type Path = (string | number)[];
/** Every path into the value (to objects, arrays and leaves alike). */
function paths(v: unknown, at: Path = []): Path[] {
  if (typeof v !== 'object' || v === null) return [at];
  const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
  return [at, ...keys.flatMap((k) => paths((v as never)[k], [...at, k]))];
}

/** A copy of `v` with `edit` applied to the container at `path` (its last segment the key). */
function edited(
  v: unknown,
  path: Path,
  edit: (parent: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  const copy = structuredClone(v);
  let parent = copy as Record<string | number, unknown>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  edit(parent, path[path.length - 1] as string | number);
  return copy;
}

/** Keys of other parts of a case, and odd ones, added where they may not belong. */
const strayKey = fc.constantFrom(
  ...['extra', '__proto__', 'constructor', 'toString', 'customer', 'tool', 'signal', 'person'],
  ...['at', 'window', 'equals', 'contains', 'times', 'from', 'result', 'confidence', 'ok'],
);

/** A value near `here`: a number just past a bound, a list one item longer or reversed. */
function nudged(here: unknown, n: number): unknown {
  if (typeof here === 'number') return [here + 1, here - 1, here + 0.5, -here, here * 2][n % 5];
  if (typeof here === 'string') return [`${here} `, here.toUpperCase(), '', `_${here}`][n % 4];
  if (Array.isArray(here))
    return [[...here, here[0]], [...here].reverse(), [], here.slice(1)][n % 4];
  return here;
}

/** A valid case changed in one place: a near miss, valid or not (the schema decides which). */
const nearMiss = fc
  .tuple(validInput, fc.nat(), fc.nat(7), misfit, strayKey, fc.nat())
  .map(([valid, at, how, value, key, n]) => {
    const all = paths(valid).filter((p) => p.length > 0);
    // Nudges go to numbers and lists, where bounds and lengths are checked.
    const valueAt = (p: Path) => p.reduce((v: unknown, k) => (v as never)[k], valid);
    const nudgeable = all.filter(
      (p) => typeof valueAt(p) === 'number' || Array.isArray(valueAt(p)),
    );
    const pool = how === 6 && nudgeable.length > 0 ? nudgeable : all;
    const path = pool[at % pool.length] as Path;
    const own = (o: object, k: string, v: unknown) =>
      Object.defineProperty(o, k, {
        value: v,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    return edited(valid, path, (parent, last) => {
      const here = parent[last];
      const sibling = Object.values(parent)[n % Math.max(1, Object.keys(parent).length)];
      if (how === 0) parent[last] = value;
      else if (how === 1) delete parent[last];
      else if (how === 2) parent[last] = [here];
      else if (how === 3) parent[last] = { [key]: here };
      else if (how === 4 && typeof here === 'object' && here !== null && !Array.isArray(here))
        own(here, key, n % 2 === 0 ? value : sibling);
      else if (how === 5) parent[last] = typeof here === 'string' ? [here] : String(here);
      else if (how === 6) parent[last] = nudged(here, n);
      else own(parent, key, n % 2 === 0 ? here : value);
    });
  });

describe('the hand-written case check', () => {
  test.prop([validInput], { numRuns: 400 })(
    'is sure of valid cases of every shape, and of zod’s value',
    (data) => {
      expect(agrees(data).fast).toBe(true);
    },
  );

  test.prop([nearMiss], { numRuns: 4000 })(
    'never accepts what zod refuses, nor returns another value',
    (data) => {
      agrees(data);
    },
  );

  test.prop([arbitraryFromSchema(CaseInput)], { numRuns: 200 })(
    'agrees with zod on values derived from the schema',
    (data) => {
      agrees(data);
    },
  );

  test.prop([
    validInput.map((c) =>
      JSON.parse(JSON.stringify(c).replace('"id"', '"__proto__":{"id":"x"},"id"')),
    ),
  ])('leaves an own `__proto__` key to zod', (data) => {
    expect(agrees(data).fast).toBe(false);
  });
});
