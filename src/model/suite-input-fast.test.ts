import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { nearMissOf, same } from './fast-check-support.ts';
import { FINDING_CODES } from './finding.ts';
import { SuiteInput } from './suite.ts';
import { fastSuiteInput } from './suite-input-fast.ts';

/** The fast check agrees with the schema: sure only of what zod accepts, and of its value. */
function agrees(data: unknown): { fast: boolean } {
  const fast = fastSuiteInput(data);
  const zod = SuiteInput.safeParse(data);
  if (fast !== undefined) {
    expect(zod.success, 'the fast check accepted what the schema refuses').toBe(true);
    expect(same(fast, zod.data), 'the fast check returned another value').toBe(true);
  }
  return { fast: fast !== undefined };
}

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Drops the keys left undefined, as a suite file would leave them out. */
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
const record = <T extends Record<string, fc.Arbitrary<unknown>>>(shape: T) =>
  fc.record(shape).map((o) => defined(o as Record<string, unknown>));

const text = fc.oneof(fc.string({ minLength: 1, maxLength: 10 }), fc.constantFrom('cases/*.yaml'));
const code = fc.constantFrom(...FINDING_CODES);
const unit = fc.double({ min: 0, max: 1, noNaN: true });

const checkOff = <T>(options: fc.Arbitrary<T>) => opt(fc.oneof(fc.constant(false), options));
const checks = record({
  'handoff-timing': checkOff(fc.constant({})),
  bounce: checkOff(fc.constant({})),
  hops: checkOff(record({ max_hops: opt(fc.nat(6)) })),
  'missing-fact': checkOff(record({ match: opt(fc.constantFrom('equals', 'contains')) })),
  effects: checkOff(fc.constant({})),
  ownership: checkOff(fc.constant({})),
  reason: opt(fc.oneof(fc.boolean(), record({ require: opt(fc.boolean()) }))),
  reask: checkOff(fc.constant({})),
  tools: checkOff(record({ match: opt(fc.constantFrom('strict', 'subset', 'superset')) })),
});

const gate = fc.oneof(
  record({ metric: fc.constant('count'), code, max: fc.nat(5) }),
  record({
    metric: fc.constant('rate'),
    code,
    max: unit,
    bound: opt(fc.constantFrom('point', 'upper')),
  }),
  record({ metric: fc.constantFrom('pass_rate', 'pass_all_repeats'), min: unit }),
  record({ metric: fc.constantFrom('errored', 'properties_failed'), max: fc.nat(3) }),
  record({ metric: fc.constant('cost'), max: fc.double({ min: 0, max: 50, noNaN: true }) }),
);

const name = fc.constantFrom('triage', 'refunds', 'Billing_2', 'a.b');
const dictionary = <T>(keys: fc.Arbitrary<string>, value: fc.Arbitrary<T>) =>
  fc.dictionary(keys, value, { maxKeys: 2, noNullPrototype: true });
const options = dictionary(
  fc.constantFrom('policy', 'release', 'n', '1'),
  fc.jsonValue({ maxDepth: 2 }),
);

const adapter = fc.oneof(
  record({
    type: fc.constantFrom('module', 'langgraph', 'openai-agents'),
    path: text,
    options: opt(options),
  }),
  record({
    type: fc.constant('traces'),
    files: opt(fc.array(text, { maxLength: 2 })),
    steps: opt(
      fc.oneof(
        fc.constantFrom('customer_turns', 'agent_turns', 'root_children'),
        record({ attribute: text, first: opt(fc.integer({ min: -2, max: 2 })) }),
      ),
    ),
    recognize: opt(fc.constant([])),
    names: opt(dictionary(fc.constantFrom('Website Scraper', 'x', 'Triage'), name)),
  }),
  record({
    type: fc.constant('http'),
    url: text,
    method: opt(fc.constantFrom('POST', 'PUT', 'PATCH')),
    headers: opt(dictionary(fc.constantFrom('x-team', 'accept', ''), fc.string({ maxLength: 5 }))),
    body: opt(fc.jsonValue({ maxDepth: 2 })),
    decision: opt(
      fc.oneof(
        fc.constant({ from: 'spans' }),
        record({
          from: fc.constant('response'),
          handoff_to: text,
          reason: opt(text),
          payload: opt(text),
          agent: opt(text),
        }),
      ),
    ),
    start: opt(
      record({
        command: text,
        args: opt(fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 })),
        cwd: opt(fc.string({ maxLength: 5 })),
        env: opt(dictionary(fc.constantFrom('PORT', 'MODE'), fc.string({ maxLength: 5 }))),
        ready_url: opt(text),
        ready_timeout_ms: opt(fc.integer({ min: 1, max: 60_000 })),
      }),
    ),
    otlp_port: opt(fc.integer({ min: 0, max: 65_535 })),
    span_wait_ms: opt(fc.integer({ min: 0, max: 10_000 })),
  }),
);

const identity = fc.oneof(
  record({ body: text }),
  record({ header: text }),
  record({ query: text }),
);
const effects = record({
  endpoints: opt(
    fc.array(
      record({
        name: text,
        method: opt(fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE')),
        url: text,
        identity,
        owner: opt(name),
        dedupe: opt(identity),
        respond: opt(
          record({ status: opt(fc.integer({ min: 200, max: 299 })), body: opt(fc.jsonValue()) }),
        ),
      }),
      { maxLength: 2 },
    ),
  ),
  tools: opt(
    fc.array(record({ tool: text, effect: opt(text), key: opt(text), owner: opt(name) }), {
      maxLength: 2,
    }),
  ),
  allow_hosts: opt(fc.array(text, { maxLength: 2 })),
});

/** Valid suites of the shapes the hand-written check takes on. */
const validInput = record({
  $schema: opt(fc.constant('../schemas/suite.schema.json')),
  name: text,
  description: opt(fc.string()),
  cases: opt(
    record({
      include: fc.array(text, { maxLength: 2 }),
      exclude: opt(fc.array(text, { maxLength: 2 })),
      tags: opt(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 })),
      exclude_tags: opt(fc.array(fc.string({ maxLength: 4 }), { maxLength: 2 })),
    }),
  ),
  adapter,
  concurrency: opt(fc.integer({ min: 1, max: 256 })),
  timeout_ms: opt(fc.integer({ min: 1, max: 60_000 })),
  isolation: opt(fc.constantFrom('none', 'worker', 'process')),
  repeat: opt(fc.integer({ min: 1, max: 1000 })),
  checks: opt(checks),
  gates: opt(fc.array(gate, { maxLength: 3 })),
  costs: opt(
    fc.dictionary(code, fc.double({ min: 0, max: 10, noNaN: true }), {
      maxKeys: 3,
      noNullPrototype: true,
    }),
  ),
  effects: opt(effects),
  facts: opt(
    fc.dictionary(fc.constantFrom('order_id', 'tier', 'a.b'), fc.array(text, { minLength: 1 }), {
      maxKeys: 2,
      noNullPrototype: true,
    }),
  ),
  cassette: opt(
    record({
      file: text,
      mode: opt(fc.constantFrom('replay', 'record')),
      hosts: fc.array(text, { minLength: 1, maxLength: 2 }),
      redact_headers: opt(fc.array(text, { maxLength: 2 })),
    }),
  ),
  allow_read: opt(fc.array(text, { maxLength: 2 })),
  reports: opt(
    record({
      dir: opt(fc.string({ maxLength: 8 })),
      formats: opt(
        fc.array(fc.constantFrom('console', 'json', 'md', 'html', 'junit', 'github'), {
          maxLength: 3,
        }),
      ),
    }),
  ),
});

/** Values put where they do not belong: wrong types, out of range, empty, odd numbers. */
const misfit = fc.oneof(
  fc.constantFrom(null, undefined, '', 'none', 'module', 'http', -1, 0, 1.5, 2 ** 60, Number.NaN),
  fc.constantFrom(Number.POSITIVE_INFINITY, -0, true, false, [], {}, [[]], 300, 2_147_483_648),
  fc.constantFrom({ metric: 'rate' }, 'handoff.missed', 'equals', 'upper', 'xml', 1.01),
  fc.constantFrom('traces', 'GET', 'spans', 'response', 199, 65_536, { body: 'x' }, [{}]),
  fc.constantFrom({ preset: 'crewai' }, 'Bad Name', 'record', 'agent_turns'),
  fc.constantFrom(Object.create(null), new Date(0)),
);

/** Keys of other parts of a suite, and odd ones, added where they may not belong. */
const strayKey = fc.constantFrom(
  ...['extra', '__proto__', 'constructor', 'toString', 'effects', 'contracts', 'variants'],
  ...['url', 'max_hops', 'match', 'require', 'bound', 'min', 'max', 'code', 'options', 'dir'],
  ...['body', 'header', 'query', 'status', 'hosts', 'recognize', 'first', 'from', 'start'],
);

describe('the hand-written suite check', () => {
  test.prop([validInput], { numRuns: 400 })(
    'is sure of valid suites of every shape it takes on, and of zod’s value',
    (data) => {
      expect(agrees(data).fast).toBe(true);
    },
  );

  test.prop([nearMissOf(validInput, misfit, strayKey)], { numRuns: 4000 })(
    'never accepts what zod refuses, nor returns another value',
    (data) => {
      agrees(data);
    },
  );
});
