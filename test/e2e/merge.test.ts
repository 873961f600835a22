import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

// 38 cases, 8 of which fail under this policy; run twice each, so pass^k and the intervals
// clustered by case are both exercised.
const SUITE = 'suites/example-regressed.yaml';
const PASSING = 'suites/example.yaml';
const SHARDS = ['1/3', '2/3', '3/3'] as const;

/**
 * The fields in which two runs of the same cases differ: timings, and the span ids and clock
 * times of the spans each run recorded. Everything else in report.json must be equal.
 */
const RUN_FIELDS = [
  'startedAt',
  'durationMs',
  'run.merged',
  'cases[].durationMs',
  'cases[].runs[].durationMs',
  'cases[].runs[].findings[].spanIds',
  'cases[].findings[].spanIds',
  'cases[].handoffs[].spanId',
  'cases[].timeline[].at',
  'cases[].timeline[].end',
  'cases[].timeline[].spanId',
] as const;

/** The value with every RUN_FIELDS path removed. */
function withoutRunFields(value: unknown): unknown {
  const drop = (v: unknown, path: readonly string[]): unknown => {
    if (path.length === 0 || v === null || typeof v !== 'object') return v;
    const [head, ...rest] = path as [string, ...string[]];
    const list = head.endsWith('[]');
    const key = list ? head.slice(0, -2) : head;
    const copy = { ...(v as Record<string, unknown>) };
    if (rest.length === 0 && !list) delete copy[key];
    else if (list && Array.isArray(copy[key]))
      copy[key] = (copy[key] as unknown[]).map((item) => drop(item, rest));
    else if (!list) copy[key] = drop(copy[key], rest);
    return copy;
  };
  return RUN_FIELDS.reduce((v, field) => drop(v, field.split('.')), value);
}

/** The console report without its header's duration and the Reports line (paths differ). */
function verdictLines(result: CliResult): string[] {
  return lines(result.stdout)
    .filter((l) => !l.startsWith('Reports: ') && !l.startsWith('Partial run'))
    .map((l) => l.replace(/ · [\d.]+ m?s$/, ''));
}

let dir: string;
let remove: () => Promise<void>;
let whole: CliResult;
const shards: string[] = [];
const out = (name: string) => join(dir, name);
const report = (name: string) => join(out(name), 'report.json');

beforeAll(async () => {
  ({ path: dir, remove } = await tempDir());
  whole = await runCli(['run', SUITE, '--repeat', '2', '--out', out('whole')]);
  for (const [i, shard] of SHARDS.entries()) {
    const result = await runCli([
      'run',
      SUITE,
      '--repeat',
      '2',
      '--shard',
      shard,
      '--out',
      out(`s${i + 1}`),
    ]);
    expect(result.stderr).toBe('');
    shards.push(report(`s${i + 1}`));
  }
});
afterAll(() => remove());

describe('baton merge of three shards', () => {
  test('gives the report, console verdict and exit code of one run over every case', async () => {
    const [s1, s2, s3] = shards as [string, string, string];
    // Given out of order: the order of the reports does not matter.
    const merged = await runCli(['merge', s3, s1, s2, '--out', out('merged')]);
    expect(merged.stderr).toBe('');
    expect(whole.code).toBe(1);
    expect(merged.code).toBe(whole.code);
    expect(verdictLines(merged)).toEqual(verdictLines(whole));
    const one = await readReport(report('whole'));
    const combined = await readReport(report('merged'));
    expect(combined.cases.length).toBe(38);
    expect(combined.summary.failed).toBeGreaterThan(0);
    expect(combined.metrics.passRate.effective).toBeDefined();
    expect(withoutRunFields(combined)).toEqual(withoutRunFields(one));
    expect(combined.run?.merged?.shards.map((s) => s.index)).toEqual([1, 2, 3]);
    expect(combined.run?.shard).toBeUndefined();
    expect(combined.run?.partial).toBe(false);
    // Each shard alone judged only its slice: their case counts add up to the whole.
    const parts = await Promise.all(shards.map((s) => readReport(s)));
    expect(parts.map((p) => p.cases.length).every((n) => n > 0 && n < 38)).toBe(true);
  });

  test('writes every reporter a run writes', async () => {
    const [s1, s2, s3] = shards as [string, string, string];
    const merged = await runCli([
      ...['merge', s1, s2, s3, '--out', out('all')],
      ...['--reporter', 'console,json,md,html,junit'],
    ]);
    expect(merged.code).toBe(1);
    expect(merged.stdout).toMatch(
      /Reports: .*report\.json, .*report\.md, .*report\.html, .*junit\.xml/,
    );
    const junit = await readFile(join(out('all'), 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)?.length).toBe(76);
    expect(await readFile(join(out('all'), 'report.md'), 'utf8')).toMatch(/example-regressed/);
  });

  test('a warning about the suite itself that every shard gives is in the merged report once', async () => {
    const typo = `${FIXTURES}/mistakes/contract-typo.yaml`;
    const one = await runCli(['run', typo, '--strict', '--out', out('typo-whole')]);
    const files: string[] = [];
    for (const [i, shard] of SHARDS.entries()) {
      await runCli(['run', typo, '--strict', '--shard', shard, '--out', out(`t${i + 1}`)]);
      files.push(report(`t${i + 1}`));
    }
    const merged = await runCli(['merge', ...files, '--out', out('typo-merged')]);
    const combined = await readReport(report('typo-merged'));

    expect(combined.warnings?.map((w) => `${w.severity} ${w.code} ${w.line}`)).toEqual([
      'error contracts.unknown_agent 14',
    ]);
    expect(withoutRunFields(combined)).toEqual(
      withoutRunFields(await readReport(report('typo-whole'))),
    );
    expect([merged.code, one.code]).toEqual([2, 2]);
  });

  test('a passing suite merges to a passing verdict (exit 0)', async () => {
    const files: string[] = [];
    for (const [i, shard] of SHARDS.entries()) {
      const result = await runCli(['run', PASSING, '--shard', shard, '--out', out(`p${i + 1}`)]);
      expect(result.code).toBe(0);
      files.push(report(`p${i + 1}`));
    }
    const merged = await runCli(['merge', ...files, '--out', out('passing')]);
    expect(merged.code).toBe(0);
    expect(merged.stdout).toMatch(/^PASS {2}38 cases/m);
    // A shard of another suite is refused, naming both files.
    const mixed = await runCli(['merge', shards[0]!, files[1]!, shards[2]!]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(/differ in their suite \(example-regressed and example\)/);
  });
});

describe('baton merge of a suite with a case file that does not load', () => {
  test('exits 2 and says FAIL like one run, the broken file reported once', async () => {
    const suite = join(dir, 'broken.yaml');
    const fixtures = join(REPO, FIXTURES);
    await writeFile(
      suite,
      [
        'name: broken',
        `cases: { include: ["${fixtures}/bad/cases/*.yaml"] }`,
        `adapter: { type: module, path: "${fixtures}/impl/scripted.ts" }`,
        'gates: [{ metric: count, code: handoff.missed, max: 0 }]',
      ].join('\n'),
    );
    const one = await runCli(['run', suite, '--out', out('broken-whole')]);
    const parts: string[] = [];
    for (const shard of ['1/2', '2/2']) {
      const name = `broken-${shard.replace('/', '-')}`;
      expect((await runCli(['run', suite, '--shard', shard, '--out', out(name)])).code).toBe(2);
      parts.push(report(name));
    }
    const merged = await runCli(['merge', ...parts.reverse(), '--out', out('broken-merged')]);
    expect(one.code).toBe(2);
    expect(merged.code).toBe(2);
    expect(verdictLines(merged)).toEqual(verdictLines(one));
    expect(verdictLines(merged).at(-1)).toMatch(/^FAIL .*1 case did not load$/);
    const combined = await readReport(report('broken-merged'));
    expect(withoutRunFields(combined)).toEqual(
      withoutRunFields(await readReport(report('broken-whole'))),
    );
  });
});

describe('baton merge refuses what is not the shards of one run', () => {
  const refused = async (args: string[], message: RegExp) => {
    const result = await runCli(['merge', ...args, '--out', out('refused')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(stackLines(result.stderr)).toEqual([]);
    expect(result.stdout).toBe('');
  };

  test('a missing shard, named; --allow-partial merges the others and fails', async () => {
    const [s1, , s3] = shards as [string, string, string];
    await refused(
      [s1, s3],
      /shard 2\/3 is missing\. Pass its report\.json too, or --allow-partial/,
    );
    const partial = await runCli(['merge', s1, s3, '--allow-partial', '--out', out('partial')]);
    expect(partial.code).toBe(1);
    expect(partial.stderr).toMatch(/shard\(s\) 2\/3 missing \(--allow-partial\)/);
    const merged = await readReport(report('partial'));
    expect(merged.run?.partial).toBe(true);
    expect(merged.run?.merged?.missing).toEqual([2]);
    expect(merged.reasons).toContain('shard 2/3 not merged');
    expect(merged.passed).toBe(false);
  });

  test('the same shard twice, a report that is not a shard, a file that is not a report', async () => {
    const [s1, s2, s3] = shards as [string, string, string];
    await refused([s1, s1, s2, s3], /shard 1\/3 is given twice/);
    await refused([report('whole')], /whole\/report\.json is not a shard report/);
    await refused(
      [SUITE],
      /Failed to read the shard report suites\/example-regressed\.yaml: it is not valid JSON/,
    );
    await refused([join(dir, 'nowhere.json')], /nowhere\.json: there is no such file/);
  });

  test('a shard edited in one case, or cut short, is named with what is wrong', async () => {
    const [s1, s2, s3] = shards as [string, string, string];
    const data = JSON.parse(await readFile(s2, 'utf8'));
    const edited = join(dir, 'edited.json');
    data.cases[1].status = 'maybe';
    await writeFile(edited, JSON.stringify(data, null, 2));
    await refused(
      [s1, edited, s3],
      /edited\.json does not hold a report as Baton writes it \(cases\[1\]\.status: /,
    );
    const cut = join(dir, 'cut.json');
    const text = await readFile(s3, 'utf8');
    await writeFile(cut, text.slice(0, Math.floor(text.length / 2)));
    await refused(
      [s1, s2, cut],
      /Failed to read the shard report .*cut\.json: it is not valid JSON/,
    );
  });

  test('shard reports rewritten compact or re-indented merge to the same report', async () => {
    const [s1, s2, s3] = shards as [string, string, string];
    const compact = join(dir, 'compact.json');
    const tabbed = join(dir, 'tabbed.json');
    await writeFile(compact, JSON.stringify(JSON.parse(await readFile(s1, 'utf8'))));
    await writeFile(tabbed, JSON.stringify(JSON.parse(await readFile(s3, 'utf8')), null, '\t'));
    const a = await runCli(['merge', s1, s2, s3, '--out', out('pretty-shards')]);
    const b = await runCli(['merge', compact, s2, tabbed, '--out', out('rewritten-shards')]);
    expect(b.code).toBe(a.code);
    const [x, y] = await Promise.all([
      readReport(report('pretty-shards')),
      readReport(report('rewritten-shards')),
    ]);
    expect(y.cases).toEqual(x.cases);
    expect(y.metrics).toEqual(x.metrics);
    expect(y.gates).toEqual(x.gates);
    // Cases are copied from a shard laid out as Baton writes it and rendered again from one that
    // is not: report.json's case list is the same text either way.
    const casesText = async (name: string) => {
      const text = await readFile(report(name), 'utf8');
      const from = text.indexOf('\n  "cases": [');
      return text.slice(from, text.indexOf('\n  ]', from));
    };
    const [pretty, rewritten] = await Promise.all([
      casesText('pretty-shards'),
      casesText('rewritten-shards'),
    ]);
    expect(pretty.length).toBeGreaterThan(1000);
    expect(rewritten).toBe(pretty);
    expect(pretty).not.toContain('"measured"');
  });

  test('a shard of another Baton version', async () => {
    const [s1, s2, s3] = shards as [string, string, string];
    const other = join(dir, 'other-version.json');
    const data = JSON.parse(await readFile(s2, 'utf8'));
    await writeFile(other, JSON.stringify({ ...data, run: { ...data.run, baton: '9.9.9' } }));
    await refused(
      [s1, other, s3],
      /differ in their Baton version \(0\.1\.0 and 9\.9\.9\)\. Run every shard with the same Baton/,
    );
  });

  test('an interrupted shard is merged, said so, marked interrupted and does not pass', async () => {
    const [s1, s2, s3] = shards as [string, string, string];
    const cut = join(dir, 'interrupted.json');
    const data = JSON.parse(await readFile(s2, 'utf8'));
    await writeFile(
      cut,
      JSON.stringify({ ...data, interrupted: { signal: 'SIGTERM', casesNotRun: 4 } }),
    );
    const result = await runCli(['merge', s1, cut, s3, '--out', out('interrupted')]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /interrupted\.json is an interrupted shard \(SIGTERM, 4 case\(s\) not run\)/,
    );
    expect(result.stdout).toMatch(/INTERRUPTED {2}by SIGTERM: 4 case\(s\) not run/);
    const merged = await readReport(report('interrupted'));
    expect(merged.interrupted).toEqual({ signal: 'SIGTERM', casesNotRun: 4 });
    expect(merged.passed).toBe(false);
  });
});

describe('baton merge of the shards of a suite with variants:', () => {
  const VARIANTS = 'suites/example-compare.yaml';
  const COMPARE_RUN_FIELDS = ['startedAt', 'durationMs'];
  const compared = (text: string) =>
    JSON.parse(text, (k, v) => (COMPARE_RUN_FIELDS.includes(k) ? undefined : v));

  test('merges each variant and compares them as one run of every case does', async () => {
    const one = await runCli(['run', VARIANTS, '--out', out('variants-whole')]);
    const files: string[] = [];
    for (const [i, shard] of SHARDS.entries()) {
      const part = out(`v${i + 1}`);
      const result = await runCli(['run', VARIANTS, '--shard', shard, '--out', part]);
      expect(result.stderr).toBe('');
      files.push(join(part, 'current', 'report.json'), join(part, 'proposed', 'report.json'));
    }
    const merged = await runCli(['merge', ...files.reverse(), '--out', out('variants-merged')]);
    expect(merged.stderr).toBe('');
    expect(one.code).toBe(1);
    expect(merged.code).toBe(one.code);
    const verdict = (r: CliResult) => lines(r.stdout).filter((l) => /^(PASS|FAIL) /.test(l));
    expect(verdict(merged)).toEqual(verdict(one));
    expect(verdict(merged)[0]).toMatch(/^FAIL {2}8 cases broke, 0 fixed · 3 of 4 gates failed: /);
    for (const variant of ['current', 'proposed']) {
      const a = await readReport(join(out('variants-merged'), variant, 'report.json'));
      const b = await readReport(join(out('variants-whole'), variant, 'report.json'));
      expect(a.suite.variant).toBe(variant);
      expect(withoutRunFields(a)).toEqual(withoutRunFields(b));
    }
    const [a, b] = await Promise.all(
      ['variants-merged', 'variants-whole'].map((d) =>
        readFile(join(out(d), 'compare.json'), 'utf8'),
      ),
    );
    expect(compared(a as string)).toEqual(compared(b as string));
  });

  test('refuses a variant without its reports, and a shard mixed with another suite', async () => {
    const current = SHARDS.map((_, i) => join(out(`v${i + 1}`), 'current', 'report.json'));
    const result = await runCli(['merge', ...current, '--out', out('refused')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(
      /no report of variant proposed was given\. Pass the report\.json of every variant of every shard/,
    );
    expect(stackLines(result.stderr)).toEqual([]);
    const mixed = await runCli(['merge', current[0]!, shards[1]!, '--out', out('refused')]);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toMatch(
      /is a run of variant current and .* a run of a suite without variants/,
    );
  });
});
