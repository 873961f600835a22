import { readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { READ_BY_CASE_FROM } from '../../src/cli/report-file.ts';
import { renderJson } from '../../src/report/json.ts';
import { readReport, runCli, tempDir } from './helpers.ts';

// A report.json past the size Baton reads a case at a time: the regressed example's 38 cases
// (8 failing) copied with fresh ids until the file is large enough.
describe('a large report.json', () => {
  let dir: { path: string; remove: () => Promise<void> };
  let big: string;
  let copies = 0;

  beforeAll(async () => {
    dir = await tempDir();
    const run = await runCli([
      'run',
      'suites/example-regressed.yaml',
      '--reporter',
      'json',
      '--out',
      dir.path,
    ]);
    expect(run.code).toBe(1);
    const report = await readReport(join(dir.path, 'report.json'));
    const one = renderJson(report).length;
    copies = Math.ceil((READ_BY_CASE_FROM * 1.1) / one);
    const cases = Array.from({ length: copies }, (_, k) =>
      report.cases.map((c) => ({ ...c, id: `${c.id}-${k}` })),
    ).flat();
    const n = report.summary.cases;
    const summary = {
      ...report.summary,
      cases: n * copies,
      passed: report.summary.passed * copies,
      failed: report.summary.failed * copies,
    };
    big = join(dir.path, 'big.json');
    await writeFile(big, renderJson({ ...report, summary, cases }));
    expect((await stat(big)).size).toBeGreaterThan(READ_BY_CASE_FROM);
  }, 120_000);
  afterAll(() => dir?.remove());

  test('baton report renders it a case at a time, every case in the JUnit file', async () => {
    const out = join(dir.path, 'rendered');

    const result = await runCli(['report', big, '--reporter', 'junit,md', '--out', out]);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const junit = await readFile(join(out, 'junit.xml'), 'utf8');
    expect(junit).toMatch(
      new RegExp(
        `<testsuites name="Baton example-regressed" tests="${38 * copies}" failures="${8 * copies}"`,
      ),
    );
    expect(junit).toContain(`refund-750-needs-approval-${copies - 1}`);
    expect(await readFile(join(out, 'report.md'), 'utf8')).toContain('example-regressed');
  }, 120_000);

  test('baton compare reads two of them and pairs every case', async () => {
    const result = await runCli(['compare', big, big, '--out', join(dir.path, 'cmp')]);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('PASS  0 cases broke, 0 fixed');
  }, 120_000);

  test('baton report --against reads both a case at a time and embeds every case of each', async () => {
    const out = join(dir.path, 'side-by-side');

    const result = await runCli(['report', big, '--against', big, '--out', out]);

    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    const html = await readFile(join(out, 'report.html'), 'utf8');
    const data = JSON.parse(
      /<script type="application\/json" id="baton-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ??
        '{}',
    );
    expect(data.report.cases).toHaveLength(38 * copies);
    expect(data.against.report.cases).toHaveLength(38 * copies);
    expect(data.against.report.cases.map((c: { id: string }) => c.id)).toEqual(
      data.report.cases.map((c: { id: string }) => c.id),
    );
    // A case of the other report edited into bad JSON is named, and no page is written.
    const text = await readFile(big, 'utf8');
    const broken = join(dir.path, 'broken-against.json');
    await writeFile(broken, text.replace(/"status": "fail"/, '"status": fail'));
    const none = join(dir.path, 'side-by-side-broken');
    const refused = await runCli(['report', big, '--against', broken, '--out', none]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/broken-against\.json: cases\[\d+\] is not valid JSON/);
    await expect(stat(join(none, 'report.html'))).rejects.toThrow();
  }, 120_000);

  test('a case edited into bad JSON is named, and nothing is written', async () => {
    const text = await readFile(big, 'utf8');
    const broken = join(dir.path, 'broken.json');
    await writeFile(broken, text.replace(/"status": "fail"/, '"status": fail'));
    const out = join(dir.path, 'not-written');

    const result = await runCli(['report', broken, '--reporter', 'junit', '--out', out]);

    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Failed to read .*broken\.json: cases\[\d+\] is not valid JSON/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    await expect(stat(join(out, 'junit.xml'))).rejects.toThrow();
  }, 120_000);
});
