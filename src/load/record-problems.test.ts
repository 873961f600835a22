import { describe, expect, it } from 'vitest';
import { parseSuiteText } from './suite-source.ts';

const suite = (extra: string) => `name: s
cases: { include: [c.yaml] }
adapter: { type: module, path: ./implementation.ts }
cassette: { file: model.json, mode: record, hosts: [api.test] }
${extra}`;

describe('recordProblems', () => {
  it('refuses a cassette in record mode in a suite with variants, at the mode, with the way to record them', () => {
    const result = parseSuiteText(
      suite('variants:\n  a: {}\n  b: { options: { x: 1 } }\n'),
      'test/fixtures/load/suites/suite.yaml',
    );

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toMatchObject([
      {
        line: 4,
        path: 'cassette.mode',
        fix: expect.stringContaining('join their `entries` lists'),
      },
    ]);
  });

  it('lets a suite without variants record', () => {
    expect(parseSuiteText(suite(''), 'test/fixtures/load/suites/suite.yaml').ok).toBe(true);
  });
});
