import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { readReport, runCli, tempDir } from './helpers.ts';

const REGRESSED = 'suites/example-regressed.yaml';

describe('report files and CI output', () => {
  let remove: (() => Promise<void>) | undefined;
  afterEach(() => remove?.());

  async function temp() {
    const dir = await tempDir();
    remove = dir.remove;
    return dir.path;
  }

  test('--reporter writes report.html and junit.xml; report.json says who wrote it and where', async () => {
    const out = await temp();

    const run = await runCli(['run', REGRESSED, '--reporter', 'json,html,junit', '--out', out]);

    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/Reports: .*report\.json, .*report\.html, .*junit\.xml/);
    const report = await readReport(join(out, 'report.json'));
    expect(report.run).toMatchObject({ baton: '0.1.0', node: process.version, partial: false });
    expect(report.run?.git?.commit).toMatch(/^[0-9a-f]{40}$/);
    const junit = await readFile(join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(
      /<testsuites name="Baton example-regressed" tests="38" failures="8" errors="0"/,
    );
    expect(junit).toContain(
      'cases/support/refund-750-needs-approval.yaml:18  step 1  handoff.missed',
    );
    const html = await readFile(join(out, 'report.html'), 'utf8');
    expect(html).toContain('<title>Baton · example-regressed · FAIL</title>');
  });

  test('in GitHub Actions, annotates each failing finding at its label and appends the job summary', async () => {
    const out = await temp();
    const summary = join(out, 'summary.md');
    await writeFile(summary, '# earlier step\n');

    const run = await runCli(['run', REGRESSED, '--out', out], {
      env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    });

    expect(run.code).toBe(1);
    const annotations = run.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(annotations).toContain(
      '::error file=cases/support/refund-750-needs-approval.yaml,line=18,title=Baton%3A handoff.missed in refund-750-needs-approval::expected refunds → supervisor at step 1, but refunds never handed off',
    );
    expect(annotations.filter((l) => l.includes('title=Baton%3A handoff.'))).toHaveLength(9);
    const written = await readFile(summary, 'utf8');
    expect(written).toMatch(/^# earlier step\n## ❌ Baton: example-regressed failed/);
  });

  test('a filtered run writes beside the full run, says so, and records its filters', async () => {
    const out = await temp();
    await runCli(['run', REGRESSED, '--reporter', 'json', '--out', out]);

    const run = await runCli(['run', REGRESSED, '--case', 'refund-*', '--reporter', 'json'], {});

    expect(run.stdout).toContain(
      "Partial run (--case refund-*): reports go to reports/example-regressed/filtered, leaving the full run's reports in reports/example-regressed as they were.",
    );
    const partial = await readReport('reports/example-regressed/filtered/report.json');
    expect(partial.run).toMatchObject({ partial: true, filters: { cases: ['refund-*'] } });
    expect((await readReport(join(out, 'report.json'))).summary.cases).toBe(38);
  });

  test('--shard i/n runs the cases whose id hashes to shard i and writes to its own folder', async () => {
    const runs = await Promise.all(
      ['1/2', '2/2'].map((s) => runCli(['run', REGRESSED, '--shard', s, '--reporter', 'json'])),
    );

    expect(runs[1]?.stdout).toContain('reports go to reports/example-regressed/shard-2-of-2');
    const reports = await Promise.all(
      [1, 2].map((i) => readReport(`reports/example-regressed/shard-${i}-of-2/report.json`)),
    );
    const sizes = reports.map((r) => r.summary.cases);
    expect(sizes[0]! + sizes[1]!).toBe(38);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(reports[1]?.run?.shard).toEqual({ index: 2, total: 2 });
    const ids = reports.flatMap((r) => r.cases.map((c) => c.id));
    expect(new Set(ids).size).toBe(38);
  });

  test('baton report renders a written report; --against puts two runs of the same cases side by side', async () => {
    const out = await temp();
    await runCli(['run', REGRESSED, '--reporter', 'json', '--out', join(out, 'regressed')]);
    await runCli([
      'run',
      'suites/example.yaml',
      '--reporter',
      'json',
      '--out',
      join(out, 'current'),
    ]);

    const run = await runCli([
      'report',
      join(out, 'regressed/report.json'),
      '--against',
      join(out, 'current/report.json'),
      '--out',
      join(out, 'compare'),
    ]);

    expect(run.code).toBe(1);
    const html = await readFile(join(out, 'compare/report.html'), 'utf8');
    const data = JSON.parse(
      /<script type="application\/json" id="baton-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ??
        '{}',
    );
    expect(data.label).toMatch(/^example-regressed \(.*regressed\/report\.json\)$/);
    expect(data.against.label).toMatch(/^example \(.*current\/report\.json\)$/);
    expect(data.against.report.cases).toHaveLength(38);
    const missing = await runCli(['report', join(out, 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(
      'nope.json: no such file. Pass the report.json a baton run wrote.',
    );
  });

  test('--shard with a bad slice is a usage error naming the form', async () => {
    const run = await runCli(['run', REGRESSED, '--shard', '3/2']);

    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'expected <index>/<total> with 1 ≤ index ≤ total, e.g. --shard 2/4',
    );
  });
});
