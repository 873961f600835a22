import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { stringify } from 'yaml';
import type { CaseInput } from '../model/case.ts';
import { parseCaseText } from './load-case.ts';

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const text = fc.string({ minLength: 1, maxLength: 30 });

type Step = CaseInput['steps'][number];

const rawStep = fc.oneof(
  text.map((customer): Step => ({ customer })),
  fc.record({ name, ok: fc.boolean() }).map((tool): Step => ({ tool })),
  fc
    .double({ min: 0, max: 1, noNaN: true })
    .map((confidence): Step => ({ signal: { confidence } })),
  fc.record({ who: fc.nat(), decision: text }),
);

/** Valid cases: names come from the participants, steps and windows stay in range. */
const validCase = fc
  .record({
    id: fc.stringMatching(/^[a-z0-9][a-z0-9_.-]{0,15}$/),
    title: text,
    source: text,
    tags: fc.array(text, { maxLength: 3 }),
    agents: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
    persons: fc.uniqueArray(
      name.map((n) => `P${n}`),
      { maxLength: 2 },
    ),
    steps: fc.array(rawStep, { minLength: 1, maxLength: 6 }),
    handoffs: fc.option(
      fc.array(fc.record({ from: fc.nat(), to: fc.nat(), at: fc.nat(), span: fc.nat(3) }), {
        minLength: 1,
        maxLength: 3,
      }),
      { nil: undefined },
    ),
  })
  .map(({ agents, persons, steps, handoffs, ...rest }): CaseInput => {
    const everyone = [...agents, ...persons];
    const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T;
    const last = steps.length - 1;
    return {
      ...rest,
      participants: { agents, persons },
      steps: steps.map((s) => {
        if (!('who' in s)) return s;
        return persons.length === 0
          ? { customer: s.decision }
          : { person: { who: pick(persons, s.who), decision: s.decision } };
      }),
      expect: {
        handoffs:
          handoffs?.map((h) => {
            const first = h.at % steps.length;
            const where =
              h.span === 0
                ? { at: first }
                : { window: [first, Math.min(last, first + h.span)] as [number, number] };
            return { from: pick(everyone, h.from), to: pick(everyone, h.to), ...where };
          }) ?? 'none',
      },
    };
  });

/** Paths whose value must not be an integer, a boolean, null or a list of numbers. */
function mutablePaths(c: CaseInput): (string | number)[][] {
  const paths: (string | number)[][] = [
    ['id'],
    ['title'],
    ['source'],
    ['participants'],
    ['steps'],
    ['expect', 'handoffs'],
  ];
  for (const i of c.participants.agents.keys()) paths.push(['participants', 'agents', i]);
  for (const [i, s] of c.steps.entries()) {
    paths.push(['steps', i]);
    if ('customer' in s) paths.push(['steps', i, 'customer']);
  }
  return paths;
}

const wrongValue = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.constant([1, 2]));

function replaceAt(value: unknown, path: readonly (string | number)[], next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = replaceAt(copy[head], rest, next);
  return copy;
}

function lineCount(yaml: string): number {
  return yaml.replace(/\n$/, '').split('\n').length;
}

describe('parseCaseText properties', () => {
  test.prop([validCase], { numRuns: 200 })('a valid case survives a YAML round trip', (input) => {
    const result = parseCaseText(stringify(input), 'generated.yaml');

    expect(result.ok ? [] : result.problems).toEqual([]);
    expect(result.ok && [result.value.id, result.value.steps.length]).toEqual([
      input.id,
      input.steps.length,
    ]);
  });

  test.prop(
    [
      validCase.chain((c) =>
        fc.tuple(fc.constant(c), fc.constantFrom(...mutablePaths(c)), wrongValue),
      ),
    ],
    { numRuns: 200 },
  )('a field of the wrong type is a problem positioned inside the file', ([input, path, value]) => {
    const yaml = stringify(replaceAt(input, path, value));

    const result = parseCaseText(yaml, 'mutated.yaml');

    expect(result.ok).toBe(false);
    const lines = result.ok ? [] : result.problems.map((p) => p.line ?? 0);
    expect(lines.some((line) => line >= 1 && line <= lineCount(yaml))).toBe(true);
  });
});
