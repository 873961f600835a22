import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import { type Suite, SuiteInput } from '../model/suite.ts';
import { loadSuiteFile } from './load-suite.ts';
import { selectCases } from './select-cases.ts';

const dir = 'test/fixtures/load/select';

async function suite(name: string): Promise<Suite> {
  const result = await loadSuiteFile(`${dir}/${name}`);
  if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
  return result.value;
}

function inMemorySuite(cases: object): Suite {
  const config = SuiteInput.parse({
    name: 'mem',
    cases,
    adapter: { type: 'module', path: 'x.ts' },
  });
  return { file: resolve(dir, 'in-memory.yaml'), config };
}

describe('selectCases', () => {
  test('keeps cases with any of the suite tags and none of its excluded tags, sorted by id', async () => {
    const result = await selectCases(await suite('suite.yaml'), {});

    expect(result.problems).toEqual([]);
    expect(result.cases.map((c) => [c.id, c.file])).toEqual([
      ['order-status', `${dir}/cases/b-status.yaml`],
      ['refund-over-limit', `${dir}/cases/a-refund.yaml`],
      ['refund-small', `${dir}/cases/c-refund-small.yaml`],
    ]);
  });

  test('case id filters match exactly or with `*`, tag filters match any of', async () => {
    const s = await suite('suite.yaml');

    const byId = await selectCases(s, { caseIds: ['refund-*', 'order-status'] });
    const exact = await selectCases(s, { caseIds: ['refund'] });
    const byTag = await selectCases(s, { tags: ['policy', 'status'] });

    expect(byId.cases.map((c) => c.id)).toEqual([
      'order-status',
      'refund-over-limit',
      'refund-small',
    ]);
    expect(exact.cases).toEqual([]);
    expect(byTag.cases.map((c) => c.id)).toEqual(['order-status', 'refund-over-limit']);
  });

  test('filters that leave nothing are a problem on the suite', async () => {
    const result = await selectCases(await suite('suite.yaml'), { tags: ['nothing'] });

    expect(result.problems.map(formatProblem)).toEqual([
      `${dir}/suite.yaml:3:3: cases: expected at least one case to run, received none of the 4 loaded cases after the tag and id filters. Fix: check \`cases.tags\` and \`cases.exclude_tags\`, and the case ids and tags asked for on the command line`,
    ]);
  });

  test('a --case id no case has is named with the nearest id, not blamed on the suite', async () => {
    const s = await suite('suite.yaml');

    const result = await selectCases(s, { caseIds: ['refund-smal', 'order-*x'] });

    expect(result.problems.map(formatProblem)).toEqual([
      `${dir}/suite.yaml: --case refund-smal: no case has this id (of the 4 cases the suite includes). Fix: did you mean \`refund-small\`?`,
      `${dir}/suite.yaml: --case order-*x: matches no case id (of the 4 cases the suite includes). Fix: use one of \`legacy-escalation\`, \`order-status\`, \`refund-over-limit\` or \`refund-small\``,
    ]);
  });

  test('a --case id that is only the start, or a part, of ids is named with them', async () => {
    const s = await suite('suite.yaml');

    const result = await selectCases(s, { caseIds: ['refund-ov', 'refund', 'stat'] });

    expect(result.problems.map(formatProblem)).toEqual([
      `${dir}/suite.yaml: --case refund-ov: no case has this id (of the 4 cases the suite includes). Fix: did you mean \`refund-over-limit\`?`,
      `${dir}/suite.yaml: --case refund: no case has this id (of the 4 cases the suite includes). Fix: use one of the ids that begin with it, \`refund-over-limit\` or \`refund-small\`, or all of them with \`--case 'refund*'\``,
      `${dir}/suite.yaml: --case stat: no case has this id (of the 4 cases the suite includes). Fix: did you mean \`order-status\`?`,
    ]);
  });

  test("a --case id that exists but the suite's tags leave out is a problem on the suite", async () => {
    const result = await selectCases(await suite('suite.yaml'), { caseIds: ['legacy-escalation'] });

    expect(result.problems.map(formatProblem)).toEqual([
      `${dir}/suite.yaml:3:3: cases: expected at least one case to run, received none of the 4 loaded cases after the tag and id filters. Fix: check \`cases.tags\` and \`cases.exclude_tags\`, and the case ids and tags asked for on the command line`,
    ]);
  });

  test('an include glob that matches nothing is a problem pointing at the glob', async () => {
    const result = await selectCases(await suite('no-match.yaml'), {});

    expect(result.cases).toHaveLength(4);
    expect(result.problems.map(formatProblem)).toEqual([
      `${dir}/no-match.yaml:3:29: cases.include[1]: expected \`archive/**/*.yaml\` to match case files, received no file. Fix: check the pattern: it is relative to the suite's folder (${dir}), e.g. \`../cases/**/*.yaml\``,
    ]);
  });

  test('a duplicate case id names both files; the first file keeps the id', async () => {
    const result = await selectCases(await suite('with-twins.yaml'), { caseIds: ['order-status'] });

    expect(result.cases.map((c) => c.file)).toEqual([`${dir}/cases/b-status.yaml`]);
    expect(result.problems.map(formatProblem)).toEqual([
      `${dir}/twins/twin.yaml:1:5: id: expected a unique case id, received "order-status", already used in ${dir}/cases/b-status.yaml. Fix: give each case its own \`id\` (the id names the case in reports and filters)`,
    ]);
  });

  test('exclude globs remove files; globs are relative to the suite folder', async () => {
    const s = inMemorySuite({ include: ['cases/*.yaml'], exclude: ['cases/a-*.yaml'] });

    const result = await selectCases(s, {});

    expect(result.cases.map((c) => c.id)).toEqual([
      'legacy-escalation',
      'order-status',
      'refund-small',
    ]);
  });
});
