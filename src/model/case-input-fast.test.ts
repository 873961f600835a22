import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { arbitraryFromSchema } from '../contracts/arbitrary/from-schema.ts';
import { CaseInput, RARE_CASE_PARTS } from './case.ts';
import { fastCaseInput } from './case-input-fast.ts';
import { nearMissOf, same } from './fast-check-support.ts';

/** The fast check agrees with the schema: sure only of what zod accepts, and of its value. */
function agrees(data: unknown): { fast: boolean } {
  const fast = fastCaseInput(data, RARE_CASE_PARTS);
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
const guardrail = fc.oneof(
  fc.constantFrom('any', 'abuse_filter', 'Math Homework Guardrail'),
  fc
    .record({
      name: opt(fc.constantFrom('any', 'pii')),
      when: fc.oneof(
        fc.constant({}),
        index.map((at) => ({ at })),
        window.map((window) => ({ window })),
      ),
    })
    .map(({ name, when }) => defined({ name, ...when })),
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
    guardrail: opt(guardrail),
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

/** Keys of other parts of a case, and odd ones, added where they may not belong. */
const strayKey = fc.constantFrom(
  ...['extra', '__proto__', 'constructor', 'toString', 'customer', 'tool', 'signal', 'person'],
  ...['at', 'window', 'equals', 'contains', 'times', 'from', 'result', 'confidence', 'ok'],
);

/** A valid case changed in one place: a near miss, valid or not (the schema decides which). */
const nearMiss = nearMissOf(validInput, misfit, strayKey);

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
