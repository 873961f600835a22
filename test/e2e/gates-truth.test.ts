import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, lines, readReport, runCli, tempDir } from './helpers.ts';

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

let dirs = 0;
function outDir(): string {
  dirs += 1;
  return join(out.path, `run-${dirs}`);
}

/** The verdict line: the console's last word on a suite. */
function verdictLine(stdout: string): string {
  return lines(plain(stdout)).findLast((l) => /^(PASS|FAIL) /.test(l)) ?? '';
}

describe('flags never swallow the suite path', () => {
  it('run --tag x suite.yaml runs suite.yaml, as the flag after the path does', async () => {
    const before = await runCli([
      'run',
      '--tag',
      'policy_gate',
      'suites/example-regressed.yaml',
      '--out',
      outDir(),
      '--reporter',
      'json',
    ]);
    const dir = outDir();
    const after = await runCli([
      'run',
      'suites/example-regressed.yaml',
      '--tag',
      'policy_gate',
      '--out',
      dir,
    ]);

    expect(before.code).toBe(1);
    expect(after.code).toBe(1);
    const report = await readReport(join(dir, 'report.json'));
    expect(report.suite.name).toBe('example-regressed');
    expect(report.cases.every((c) => c.tags.includes('policy_gate'))).toBe(true);
  });

  it('--case and --tag take one value each, repeated or comma separated, then the suite', async () => {
    const dir = outDir();
    const result = await runCli([
      'run',
      '--case',
      'fault-throws',
      '--case',
      'ok-none,ok-refund',
      `${FIXTURES}/faulty/suite.yaml`,
      '--reporter',
      'json,md',
      '--out',
      dir,
    ]);

    const report = await readReport(join(dir, 'report.json'));
    expect(report.suite.name).toBe('e2e-faulty');
    expect(report.cases.map((c) => c.id).sort()).toEqual(['fault-throws', 'ok-none', 'ok-refund']);
    expect(result.code).toBe(1);
  });
});

describe('a run where every case errored', () => {
  it('fails its pass-rate gate with no tick and ends FAIL, exit 1', async () => {
    const result = await runCli([
      'run',
      '--tag',
      'fault',
      `${FIXTURES}/faulty/suite.yaml`,
      '--out',
      outDir(),
    ]);

    const text = plain(result.stdout);
    expect(result.code).toBe(1);
    expect(text).not.toMatch(/✓\s+pass_rate/);
    expect(text).toMatch(/✗\s+pass_rate\s+>= 1\s+no case produced a verdict \(3 errored\)/);
    expect(verdictLine(result.stdout)).toBe(
      'FAIL  3 cases · 0 passed · 0 failed · 3 errored · gates 0/2 · no case produced a verdict',
    );
  });
});

describe('a suite whose gates say nothing of errored cases', () => {
  it('gets errored <= 0, marked implied: half the cases erroring fails the run, exit 1', async () => {
    const dir = outDir();
    const result = await runCli([
      'run',
      `${FIXTURES}/faulty/gates-without-errored.yaml`,
      '--out',
      dir,
      '--reporter',
      'console,json',
    ]);

    const text = plain(result.stdout);
    expect(result.code).toBe(1);
    expect(text).toMatch(/✓\s+pass_rate\s+>= 0\.95\s+actual 1\n/);
    expect(text).toMatch(/✗\s+errored \(implied\)\s+<= 0\s+actual 3\n/);
    expect(verdictLine(result.stdout)).toBe(
      'FAIL  6 cases · 3 passed · 0 failed · 3 errored · gates 2/3',
    );
    const report = await readReport(join(dir, 'report.json'));
    expect(report.gates.at(-1)).toMatchObject({ name: 'errored', implied: true, passed: false });
  });

  it('keeps its own errored gate, and nothing implied, when it tolerates the errors', async () => {
    const result = await runCli([
      'run',
      `${FIXTURES}/faulty/gates-tolerating-errors.yaml`,
      '--out',
      outDir(),
    ]);

    const text = plain(result.stdout);
    expect(result.code).toBe(0);
    expect(text).not.toContain('(implied)');
    expect(verdictLine(result.stdout)).toBe(
      'PASS  6 cases · 3 passed · 0 failed · 3 errored · gates 3/3',
    );
  });
});

describe('the console never says PASS when the exit code is not 0', () => {
  it('a case file that does not load: exit 2 and FAIL, even when every gate passes', async () => {
    const suite = join(out.path, 'count-only.yaml');
    const fixtures = join(process.cwd(), FIXTURES, 'bad');
    await writeFile(
      suite,
      [
        'name: count-only',
        `cases: { include: ["${fixtures}/cases/*.yaml"] }`,
        `adapter: { type: module, path: "${join(process.cwd(), FIXTURES)}/impl/scripted.ts" }`,
        // The unloaded case is an errored one: tolerated here, so that every gate passes.
        'gates: [{ metric: count, code: handoff.missed, max: 0 }, { metric: errored, max: 1 }]',
      ].join('\n'),
    );
    const result = await runCli(['run', suite, '--out', outDir()]);

    expect(result.code).toBe(2);
    expect(verdictLine(result.stdout)).toMatch(/^FAIL .*gates 2\/2 · 1 case did not load$/);
  });

  it('reports that cannot be written: exit 2 and FAIL, the error after the verdict', async () => {
    const blocker = join(out.path, 'a-file');
    await writeFile(blocker, 'not a folder');
    const result = await runCli([
      'run',
      '--case',
      'ok-refund',
      `${FIXTURES}/faulty/suite.yaml`,
      '--out',
      join(blocker, 'reports'),
    ]);

    expect(result.code).toBe(2);
    expect(verdictLine(result.stdout)).toMatch(/^FAIL .*the reports could not be written$/);
    expect(result.stderr).toMatch(/Failed to write reports to .*a-file/);
  });

  it('several suites: the last line speaks for all of them', async () => {
    const result = await runCli([
      'run',
      `${FIXTURES}/faulty/suite.yaml`,
      'suites/example.yaml',
      '--case',
      'ok-refund,refund-750-needs-approval',
      '--out',
      outDir(),
    ]);

    expect(result.code).toBe(0);
    expect(lines(plain(result.stdout)).at(-1)).toBe('PASS  2 suites · 2 passed · 0 failed');

    const failing = await runCli([
      'run',
      `${FIXTURES}/faulty/suite.yaml`,
      'suites/example.yaml',
      '--case',
      'fault-throws,refund-750-needs-approval',
      '--out',
      outDir(),
    ]);
    expect(failing.code).toBe(1);
    expect(lines(plain(failing.stdout)).at(-1)).toBe('FAIL  2 suites · 1 passed · 1 failed');
  });
});
