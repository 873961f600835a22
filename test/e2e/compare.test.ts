import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompareReport, CompareReportSchema } from '../../src/compare/compare-report.ts';
import { compareOptionsOf, compareRuns } from '../../src/compare/compare-runs.ts';
import { FINDING_CODES } from '../../src/model/finding.ts';
import type { RunReport } from '../../src/model/report.ts';
import { evaluateSuite } from '../../src/public/evaluate.ts';
import {
  type CliResult,
  FIXTURES,
  lines,
  REPO,
  readReport,
  runCli,
  stackLines,
  tempDir,
} from './helpers.ts';

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

async function readCompare(file: string): Promise<CompareReport> {
  return CompareReportSchema.parse(JSON.parse(await readFile(file, 'utf8')));
}

const ids = (r: CompareReport, change: string) =>
  r.cases.filter((c) => c.change === change).map((c) => c.id);
const metric = (r: CompareReport, name: string) => r.metrics.find((m) => m.metric === name);

/** The cases of a report that failed, by id. */
const failing = (r: RunReport) => r.cases.filter((c) => c.status === 'fail').map((c) => c.id);

describe('baton run suites/example-compare.yaml: current against the regressed proposal', () => {
  let result: CliResult;
  let dir: string;
  let compare: CompareReport;
  beforeAll(async () => {
    dir = join(out.path, 'example-compare');
    result = await runCli(['run', 'suites/example-compare.yaml', '--out', dir]);
    compare = await readCompare(join(dir, 'compare.json'));
  });

  it('runs both variants over the same cases and exits 1 on the comparison gates', async () => {
    expect(result.code).toBe(1);
    const current = await readReport(join(dir, 'current/report.json'));
    const proposed = await readReport(join(dir, 'proposed/report.json'));
    expect(current.suite.variant).toBe('current');
    expect(proposed.cases.map((c) => c.id)).toEqual(current.cases.map((c) => c.id));
    const out = lines(plain(result.stdout));
    const verdict = out.findIndex((l) => l.startsWith('FAIL  '));
    expect(out.slice(verdict, verdict + 2)).toEqual([
      'FAIL  8 cases broke, 0 fixed · 3 of 4 gates failed: no new failures, delta(handoff.missed), not_worse(pass_rate)',
      '      pass rate −21.1 pp: significantly worse at n = 38 (McNemar p = 0.0078, α = 0.05)',
    ]);
  });

  it('compares what it would compare holding both runs whole, and leaves no spill file behind', async () => {
    // Each variant's results go through a spill file; the comparison keeps what it reads of them.
    const tmp = join(out.path, 'tmp-variants');
    await mkdir(tmp);
    const again = join(out.path, 'example-compare-again');
    const rerun = await runCli(['run', 'suites/example-compare.yaml', '--out', again], {
      env: { TMPDIR: tmp },
    });
    expect(rerun.code).toBe(1);
    // (the TypeScript loader keeps its cache there too)
    expect((await readdir(tmp)).filter((f) => f.startsWith('baton-cases-'))).toEqual([]);
    const held = await Promise.all(
      ['current', 'proposed'].map(async (variant) => {
        const e = await evaluateSuite('suites/example-compare.yaml', { cwd: REPO, variant });
        if (!e.ok) throw new Error(JSON.stringify(e.problems));
        return e;
      }),
    );
    const [current, proposed] = held as [(typeof held)[0], (typeof held)[0]];
    const inMemory = compareRuns(current.report, proposed.report, {
      ...compareOptionsOf(current.suite.config.compare),
      names: { baseline: 'current', candidate: 'proposed' },
      files: { baseline: 'suites/example-compare.yaml', candidate: 'suites/example-compare.yaml' },
    });
    const streamed = await readCompare(join(again, 'compare.json'));
    expect(streamed.summary).toEqual(inMemory.summary);
    expect(streamed.metrics).toEqual(inMemory.metrics);
    expect(streamed.gates).toEqual(inMemory.gates);
    expect(streamed.cases.map((c) => [c.id, c.change])).toEqual(
      inMemory.cases.map((c) => [c.id, c.change]),
    );
    for (const variant of ['current', 'proposed'])
      expect(failing(await readReport(join(again, variant, 'report.json'))).sort()).toEqual(
        failing((variant === 'current' ? current : proposed).report).sort(),
      );
  }, 120_000);

  it('finds the 8 cases that broke, none fixed, and agrees with the hand count: p = 0.0078', async () => {
    const proposed = await readReport(join(dir, 'proposed/report.json'));
    expect(compare.summary).toMatchObject({ paired: 38, broke: 8, fixed: 0, errored: 0 });
    expect(ids(compare, 'broke').sort()).toEqual(failing(proposed).sort());
    expect(metric(compare, 'pass_rate')?.mcnemar).toMatchObject({ worse: 8, better: 0 });
    expect(metric(compare, 'pass_rate')?.mcnemar.p).toBeCloseTo(0.0078125, 10);
    expect(metric(compare, 'pass_rate')?.difference.high).toBeLessThan(0);
    expect(metric(compare, 'handoff.missed')?.verdict).toBe('worse');
  });

  it('fails the gates the suite declares, with their actual values', () => {
    const failed = compare.gates.filter((g) => !g.passed).map((g) => [g.name, g.actual, g.unit]);
    expect(failed).toEqual([
      ['no new failures', 8, 'cases'],
      ['delta(handoff.missed)', expect.closeTo(7 / 46, 5), 'rate'],
      ['not_worse(pass_rate)', expect.closeTo(0.0078125, 5), 'p'],
    ]);
  });

  it('shows the delta gate in percentage points, as the metrics table does', async () => {
    const stdout = lines(plain(result.stdout));
    const md = await readFile(join(dir, 'compare.md'), 'utf8');
    expect(stdout).toContain('✗  delta(handoff.missed)  <= 0 pp                actual +15.2 pp');
    expect(stdout.some((l) => /^handoff\.missed .* \+15\.2 pp \[/.test(l))).toBe(true);
    expect(md).toContain('| ❌ | delta(handoff.missed) | &lt;= 0 pp | +15.2 pp |');
  });

  it('lists each case that broke with its findings on the console and in compare.md', async () => {
    const md = await readFile(join(dir, 'compare.md'), 'utf8');
    const stdout = plain(result.stdout);
    expect(md).toContain('### Cases that broke (8)');
    for (const c of compare.cases.filter((x) => x.change === 'broke')) {
      expect(stdout).toMatch(new RegExp(`✗ BROKE  ${c.id} `));
      expect(md).toContain(`**${c.id}**`);
      for (const f of c.candidate?.findings ?? []) expect(md).toContain(f.message);
    }
    expect(stdout).toMatch(
      /refund-750-needs-approval[^\n]*\n\s+proposed\s+step 1\s+handoff\.missed/,
    );
  });

  it('compares the same saved reports again with baton compare, to the same numbers', async () => {
    const again = join(out.path, 'again');
    const r = await runCli([
      'compare',
      join(dir, 'current/report.json'),
      join(dir, 'proposed/report.json'),
      '--out',
      again,
      '--config',
      `${FIXTURES}/compare/gates.yaml`,
    ]);
    const second = await readCompare(join(again, 'compare.json'));
    expect(second.metrics.map((m) => m.mcnemar)).toEqual(compare.metrics.map((m) => m.mcnemar));
    expect(second.settings).toMatchObject({ seed: 3, resamples: 500 });
    // The config's gates: 8 broke are tolerated, the upper bound of the cost delta is not.
    expect(second.gates.map((g) => [g.name, g.passed])).toEqual([
      ['no new failures', true],
      ['delta(cost) upper 95%', false],
      ['errored (candidate, implied)', true],
    ]);
    expect(r.code).toBe(1);
  });

  it('in GitHub Actions, annotates each case that broke and appends the comparison to the job summary', async () => {
    const summary = join(out.path, 'summary.md');
    const gh = await runCli(['run', 'suites/example-compare.yaml', '--out', join(out.path, 'gh')], {
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    });
    expect(gh.code).toBe(1);
    const annotations = gh.stdout.split('\n').filter((l) => l.startsWith('::error '));
    const broke = annotations.filter((l) => l.includes('broke under proposed'));
    expect(broke).toHaveLength(8);
    expect(broke[0]).toMatch(
      /^::error file=cases\/[^,]+\.yaml,title=Baton compare%3A \S+ broke under proposed::step \d+ handoff\./,
    );
    expect(annotations.filter((l) => l.includes('title=Baton compare%3A gate'))).toEqual([
      '::error file=suites/example-compare.yaml,title=Baton compare%3A gate no new failures failed::no new failures <= 0, actual 8 (proposed against current)',
      expect.stringMatching(
        /gate delta\(handoff\.missed\) failed::delta\(handoff\.missed\) <= 0 pp, actual \+15\.2 pp/,
      ),
      expect.stringMatching(/gate not_worse\(pass_rate\) failed/),
    ]);
    expect(await readFile(summary, 'utf8')).toMatch(
      /^## ❌ Baton compare: `proposed` against `current` failed/,
    );
  });

  it('gives the same intervals for the same seed', async () => {
    const args = ['compare', join(dir, 'current/report.json'), join(dir, 'proposed/report.json')];
    const [a, b] = await Promise.all([
      runCli([...args, '--seed', '11', '--out', join(out.path, 's1'), '--reporter', 'json']),
      runCli([...args, '--seed', '11', '--out', join(out.path, 's2'), '--reporter', 'json']),
    ]);
    expect([a.code, b.code]).toEqual([1, 1]);
    const one = await readCompare(join(out.path, 's1/compare.json'));
    const two = await readCompare(join(out.path, 's2/compare.json'));
    expect(two.metrics).toEqual(one.metrics);
    expect(one.settings.seed).toBe(11);
  });
});

describe('baton run suites/example-compare-better.yaml: a proposal that is better', () => {
  it('fixes 8 cases, breaks none, and passes its gates: better at p = 0.0078', async () => {
    const dir = join(out.path, 'better');
    const result = await runCli(['run', 'suites/example-compare-better.yaml', '--out', dir]);
    const compare = await readCompare(join(dir, 'compare.json'));

    expect(result.code).toBe(0);
    expect(compare.summary).toMatchObject({ paired: 46, broke: 0, fixed: 8 });
    expect(ids(compare, 'fixed').every((id) => id !== '')).toBe(true);
    expect(metric(compare, 'pass_rate')?.verdict).toBe('better');
    expect(compare.gates.every((g) => g.passed)).toBe(true);
    expect(lines(plain(result.stdout)).slice(-3, -1)).toEqual([
      'PASS  0 cases broke, 8 fixed · all 4 gates passed',
      '      pass rate +17.4 pp: significantly better at n = 46 (McNemar p = 0.0078, α = 0.05)',
    ]);
  });
});

describe('baton compare of a full run and a partial one, without --out', () => {
  it('warns that the cases the partial run left out read as removed, and writes beside the candidate', async () => {
    const full = join(out.path, 'full');
    const partial = join(out.path, 'partial');
    await runCli(['run', 'suites/example.yaml', '--out', full, '--reporter', 'json']);
    await runCli(
      ['run', 'suites/example.yaml', '--case', 'refund-*', '--out', partial, '--reporter', 'json'],
      {},
    );

    const result = await runCli([
      'compare',
      join(full, 'report.json'),
      join(partial, 'report.json'),
      '--reporter',
      'json,md',
    ]);

    expect(result.code).toBe(0);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(
        /^baton: the candidate report .*partial\/report\.json is of a partial run \(--case refund-\*\): the cases it left out read as removed\./,
      ),
    ]);
    expect((await readdir(partial)).sort()).toEqual(['compare.json', 'compare.md', 'report.json']);
  });
});

describe('baton run --baseline: a run against a stored report', () => {
  it('compares the regressed policy with the current report and fails on the broke cases', async () => {
    const base = join(out.path, 'base');
    await runCli(['run', 'suites/example.yaml', '--out', base, '--reporter', 'json']);
    const dir = join(out.path, 'against-base');
    const result = await runCli([
      'run',
      'suites/example-regressed.yaml',
      '--baseline',
      join(base, 'report.json'),
      '--out',
      dir,
    ]);
    const compare = await readCompare(join(dir, 'compare.json'));

    expect(result.code).toBe(1);
    expect(compare.summary.broke).toBe(8);
    expect(plain(result.stdout)).toContain('Baton compare  baseline → this run');
  });

  it('refuses a baseline that is not a report before running anything', async () => {
    const result = await runCli([
      'run',
      'suites/example.yaml',
      '--baseline',
      'suites/example.yaml',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /Failed to read the baseline report suites\/example\.yaml: it is not valid JSON/,
    );
    expect(result.stdout).toBe('');
    expect(stackLines(result.stderr)).toEqual([]);
  });
});

describe('bad compare input', () => {
  it('names the line, column and fix of a gate that does not parse', async () => {
    const result = await runCli([
      'compare',
      'suites/example.yaml',
      'suites/example.yaml',
      '--config',
      `${FIXTURES}/compare/bad-gates.yaml`,
    ]);
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      `${FIXTURES}/compare/bad-gates.yaml:5:28: gates[1].metric: expected one of \`pass_rate\`, \`cost\`, \`handoff.on_time\`, \`handoff.missed\`, \`handoff.early\`, \`handoff.late\`, \`handoff.wrong_target\`, \`handoff.out_of_order\`, … (${2 + FINDING_CODES.length} in all), received "handoff.mised". Fix: did you mean \`handoff.missed\`?`,
      `${FIXTURES}/compare/bad-gates.yaml:6:43: gates[2].p: expected a number from 0.0001 to 0.5, received 2. Fix: change \`p\` to a number from 0.0001 to 0.5`,
    ]);
  });

  it('says which report is missing', async () => {
    const result = await runCli(['compare', 'nope/report.json', 'suites/example.yaml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /^baton: Failed to read the baseline report nope\/report\.json: there is no such file\./,
    );
  });

  it('validates variants and the compare block with positions and did-you-mean', async () => {
    const result = await runCli([
      'validate',
      `${FIXTURES}/compare/typo-baseline.yaml`,
      `${FIXTURES}/compare/one-variant.yaml`,
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      `${FIXTURES}/compare/typo-baseline.yaml:13:13: compare.baseline: no variant named "curent" (the suite has current, proposed). Fix: did you mean "current"?`,
    );
    expect(result.stderr).toContain(
      `${FIXTURES}/compare/one-variant.yaml:9:3: variants: a suite with variants needs at least two to compare, it has 1.`,
    );
  });
});

describe('baton run --repeat 5 on a deterministic router', () => {
  it('keeps the on-time interval of a single run: 230/230 is still [92.3%, 100%]', async () => {
    const dir = join(out.path, 'repeat');
    const result = await runCli(['run', '--repeat', '5', '--out', dir]);
    const report = await readReport(join(dir, 'report.json'));

    expect(result.code).toBe(0);
    expect(report.metrics.byCode['handoff.on_time']).toMatchObject({
      count: 230,
      of: 230,
      effective: 46,
      high: 1,
    });
    expect(report.metrics.byCode['handoff.on_time']?.low).toBeCloseTo(0.9229, 4);
  });
});
