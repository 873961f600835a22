import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import { FINDING_CODES } from '../model/finding.ts';
import { loadSuiteFile } from './load-suite.ts';
import { parseSuiteText } from './suite-source.ts';

const suites = 'test/fixtures/load/suites';

describe('loadSuiteFile', () => {
  test('a good suite loads with an absolute file and defaults filled in', async () => {
    const result = await loadSuiteFile(`${suites}/good.yaml`);

    expect(result.ok && result.value.file).toBe(resolve(`${suites}/good.yaml`));
    expect(result.ok && result.value.config).toMatchObject({
      name: 'refunds',
      cases: { include: ['../cases/good/*.yaml'], exclude: [], tags: [], exclude_tags: [] },
      adapter: { type: 'module', path: './implementation.ts', options: { model: 'scripted' } },
      concurrency: 4,
      timeout_ms: 10_000,
      repeat: 2,
      gates: [
        { metric: 'count', code: 'handoff.missed', max: 0 },
        { metric: 'rate', code: 'handoff.late', max: 0.1, bound: 'upper' },
      ],
      costs: { 'handoff.missed': 10 },
    });
  });

  test('a case file loaded as a suite is one problem saying what it is', async () => {
    const file = 'test/fixtures/load/select/cases/a-refund.yaml';

    const result = await loadSuiteFile(file);

    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      `${file}: this is a case file, not a suite. Fix: pass the suite that includes it (baton run <suite>), or check the case with baton validate`,
    ]);
  });

  test('an empty suite file is no case: the problem says what a suite needs', () => {
    for (const text of ['', '# nothing yet\n']) {
      const result = parseSuiteText(text, 's.yaml');

      expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
        's.yaml:1:1: expected a mapping with `name`, `adapter`, received an empty file. Fix: write the fields as `key: value` lines at the top level of the file',
      ]);
    }
  });

  test('a suite with its `adapter` misspelt keeps its suite problems', async () => {
    const result = parseSuiteText('name: s\ncases: { include: [c.yaml] }\nadaptor: {}\n', 's.yaml');

    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      's.yaml:3:1: adaptor: unknown key `adaptor`. Fix: did you mean `adapter`?',
    ]);
  });

  test('bad gates, a bad check switch and a misspelt cost code each get one problem', async () => {
    const result = await loadSuiteFile(`${suites}/bad-gate.yaml`);

    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      `${suites}/bad-gate.yaml:8:15: gates[0].metric: expected one of \`count\`, \`rate\`, \`pass_rate\`, \`pass_all_repeats\`, \`errored\`, \`cost\` or \`properties_failed\`, received "passrate". Fix: did you mean \`pass_rate\`?`,
      `${suites}/bad-gate.yaml:9:28: gates[1].code: expected one of \`handoff.on_time\`, \`handoff.missed\`, \`handoff.early\`, \`handoff.late\`, \`handoff.wrong_target\`, \`handoff.out_of_order\`, \`handoff.unneeded\`, \`handoff.bounced\`, … (${FINDING_CODES.length} in all), received "handoff.mised". Fix: did you mean \`handoff.missed\`?`,
      `${suites}/bad-gate.yaml:10:46: gates[2].max: expected a number from 0 to 1, received 5. Fix: change \`max\` to a number from 0 to 1`,
      `${suites}/bad-gate.yaml:12:11: checks.bounce: expected \`false\` or a mapping, received true. Fix: write \`false\` to turn the check off, or \`{}\` to run it with default options`,
      `${suites}/bad-gate.yaml:14:3: costs["handoff.misssed"]: unknown key \`handoff.misssed\`. Fix: did you mean \`handoff.missed\`?`,
    ]);
  });

  test('an unknown adapter type lists the known types and suggests the closest', async () => {
    const result = await loadSuiteFile(`${suites}/unknown-adapter.yaml`);

    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      `${suites}/unknown-adapter.yaml:5:9: adapter.type: expected one of \`module\`, \`http\`, \`openai-agents\`, \`langgraph\` or \`traces\`, received "modul". Fix: did you mean \`module\`?`,
    ]);
  });

  test('a missing suite file is a problem, not a throw', async () => {
    const result = await loadSuiteFile(`${suites}/missing.yaml`);

    expect(result).toEqual({
      ok: false,
      problems: [
        {
          file: `${suites}/missing.yaml`,
          path: '',
          message: 'file not found',
          fix: 'check the path; relative paths are resolved against the current folder',
        },
      ],
    });
  });
});
