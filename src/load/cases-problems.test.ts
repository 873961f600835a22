import { describe, expect, it } from 'vitest';
import { parseSuiteText } from './suite-source.ts';

const ADAPTER = 'adapter: { type: module, path: implementation.ts }';
const suite = (lines: string[]) =>
  parseSuiteText([...lines, ADAPTER].join('\n'), 'test/fixtures/load/suites/cases.yaml');

describe('a suite’s cases', () => {
  it('may be left out, or listed as none, in a suite with a shadow: block', () => {
    expect(suite(['name: s', 'shadow: { persons: [oncall] }']).ok).toBe(true);
    expect(suite(['name: s', 'cases: { include: [] }', 'shadow: {}']).ok).toBe(true);
  });

  it('must be listed in any other suite, with the fix naming the exception', () => {
    const missing = suite(['name: s']);
    const empty = suite(['name: s', 'cases: { include: [] }']);

    expect(missing.ok || missing.problems).toEqual([
      expect.objectContaining({
        path: 'cases',
        message: 'missing `cases`: expected a mapping with `include`',
        fix: 'list the case files, e.g. `cases: { include: [cases/*.yaml] }` (only a suite with a `shadow:` block, which baton shadow reads without cases, may leave them out)',
      }),
    ]);
    expect(empty.ok || empty.problems).toEqual([
      expect.objectContaining({
        line: 2,
        path: 'cases.include',
        message: 'expected a list of at least 1 glob, received an empty list',
      }),
    ]);
  });
});
