import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { globSync } from 'tinyglobby';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { type CliResult, FIXTURES, lines, REPO, readReport, runCli, tempDir } from './helpers.ts';

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

/** A fresh report folder under the temp dir, so no test touches the repository's reports/. */
let dirs = 0;
function outDir(): string {
  dirs += 1;
  return join(out.path, `run-${dirs}`);
}

describe('baton run with no suite: the bundled example under its current policy', () => {
  let result: CliResult;
  let dir: string;
  beforeAll(async () => {
    dir = outDir();
    result = await runCli(['run', '--out', dir]);
  });

  it('exits 0 and ends with a PASS verdict line', () => {
    expect(result.code).toBe(0);
    expect(lines(plain(result.stdout)).slice(-2)).toEqual([
      'PASS  38 cases · 38 passed · 0 failed · 0 errored · gates 7/7',
      expect.stringMatching(/^Reports: \S+report\.json, \S+report\.md$/),
    ]);
    expect(result.stderr).toBe('');
  });

  it('prints no colour codes when NO_COLOR=1 and stdout is not a terminal', () => {
    // README: `--no-color  plain console output (also NO_COLOR=1)`.
    const escapes = result.stdout.split('\u001b[').length - 1;

    expect(escapes, 'ANSI escape sequences on stdout').toBe(0);
  });

  it('writes report.json (schema version 1, 38 cases, every gate passed) and report.md', async () => {
    const raw = JSON.parse(await readFile(join(dir, 'report.json'), 'utf8'));
    const report = await readReport(join(dir, 'report.json'));

    expect(raw.schemaVersion).toBe(1);
    expect(report.suite).toMatchObject({ name: 'example', file: 'suites/example.yaml' });
    expect(report.summary).toMatchObject({ cases: 38, passed: 38, failed: 0, errored: 0 });
    expect(report.gates.length).toBeGreaterThan(0);
    expect(report.gates.filter((g) => !g.passed)).toEqual([]);
    expect(report.passed).toBe(true);
    expect(existsSync(join(dir, 'report.md'))).toBe(true);
  });
});

async function caseTags(): Promise<Map<string, string[]>> {
  const dir = join(REPO, 'cases/support');
  const tags = new Map<string, string[]>();
  for (const file of await readdir(dir)) {
    const data = parseYaml(await readFile(join(dir, file), 'utf8')) as { id: string; tags?: [] };
    tags.set(data.id, data.tags ?? []);
  }
  return tags;
}

describe('baton run filters and reporters', () => {
  it('--case keeps exact ids and expands `*` wildcards, repeated or comma separated', async () => {
    const dir = outDir();

    const result = await runCli([
      'run',
      '--case',
      'refund-750-needs-approval,deadline-risk-25',
      '--case',
      'deadline-risk-*',
      '--out',
      dir,
    ]);

    expect(result.code).toBe(0);
    const report = await readReport(join(dir, 'report.json'));
    expect(report.cases.map((c) => c.id).sort()).toEqual([
      'deadline-risk-25',
      'deadline-risk-at-30',
      'deadline-risk-window',
      'refund-750-needs-approval',
    ]);
  });

  describe('--tag threshold --reporter json', () => {
    let result: CliResult;
    let dir: string;
    beforeAll(async () => {
      dir = outDir();
      result = await runCli(['run', '--tag', 'threshold', '--reporter', 'json', '--out', dir]);
    });

    it('says its verdict in one line without the console report, before naming the report', () => {
      const lines = result.stdout.trim().split('\n');

      expect(lines[0]).toMatch(/^PASS {2}\d+ cases? · \d+ passed · 0 failed · 0 errored · gates /);
      expect(lines.at(-1)).toMatch(/^Reports: .*report\.json$/);
    });

    it('keeps exactly the cases tagged threshold', async () => {
      const tagged = [...(await caseTags())]
        .filter(([, tags]) => tags.includes('threshold'))
        .map(([id]) => id);
      const report = await readReport(join(dir, 'report.json'));

      expect(result.code).toBe(0);
      expect(tagged.length).toBeGreaterThan(0);
      expect(report.cases.map((c) => c.id).sort()).toEqual(tagged.sort());
    });

    it('writes only report.json and prints no console report', async () => {
      expect(await readdir(dir)).toEqual(['report.json']);
      expect(plain(result.stdout)).not.toMatch(/Gates|Findings|FAIL/);
    });
  });

  it('a filter that matches no case exits 2 with one line saying so', async () => {
    const dir = outDir();

    const result = await runCli(['run', '--case', 'no-such-case', '--out', dir]);

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^suites\/example\.yaml: --case no-such-case: no case has this id \(of the 38 cases the suite includes\)\. Fix: use one of `billing-double-charge`, .*\(38 in all\)\n$/,
    );
    expect(result.stdout).toBe('');
    expect(existsSync(dir)).toBe(false);
  });

  it('an unknown reporter exits 2 naming the valid reporters', async () => {
    const result = await runCli(['run', '--reporter', 'pdf', '--out', outDir()]);

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'baton: Failed to read --reporter: unknown reporter "pdf". Use any of console, json, md, html, junit, github (comma separated).',
    ]);
  });

  it('--repeat 3 runs each case three times and reports pass^3', async () => {
    const dir = outDir();

    const result = await runCli(['run', '--case', 'refund-*', '--repeat', '3', '--out', dir]);

    expect(result.code).toBe(0);
    const report = await readReport(join(dir, 'report.json'));
    expect(report.repeat).toBe(3);
    expect(report.cases.every((c) => c.repeats === 3 && c.passedRepeats === 3)).toBe(true);
    expect(report.metrics.passAllRepeats).toMatchObject({
      count: report.cases.length,
      of: report.cases.length,
    });
    expect(plain(result.stdout)).toContain('×3 repeats');
    expect(lines(plain(result.stdout)).find((l) => l.startsWith('PASS'))).toContain(
      'pass^3 100.0%',
    );
  });
});

describe('baton validate', () => {
  it('on the bundled cases and suites exits 0 and prints one count line', async () => {
    const cases = globSync('cases/**/*.{yaml,yml}', { cwd: REPO }).length;
    const suites = globSync('suites/*.{yaml,yml}', { cwd: REPO }).length;

    const result = await runCli(['validate', 'cases', 'suites']);

    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual([
      `Checked ${cases} case file(s) and ${suites} suite file(s): all valid.`,
    ]);
    expect(result.stderr).toBe('');
  });

  it('with no paths in this repository checks the same files as `cases suites`', async () => {
    const given = await runCli(['validate', 'cases', 'suites']);

    const bare = await runCli(['validate']);

    expect(bare.code).toBe(0);
    expect(bare.stdout).toBe(given.stdout);
    expect(bare.stderr).toBe('');
  });

  it('on a folder of broken cases exits 2 with one positioned, fixable line per file', async () => {
    const folder = `${FIXTURES}/validate/broken`;

    const result = await runCli(['validate', folder]);

    expect(result.code).toBe(2);
    expect(lines(result.stderr).sort()).toEqual([
      `${folder}/at-and-window.yaml:10:7: expect.handoffs[0]: expected exactly one of \`at\` or \`window\`, received both. Fix: write \`at: <step>\` for a single step or \`window: [first, last]\` for a range`,
      `${folder}/bad-confidence.yaml:7:27: steps[1].signal.confidence: expected a number from 0 to 1, received "high". Fix: change \`confidence\` to a number from 0 to 1`,
      `${folder}/unknown-target.yaml:9:27: expect.handoffs[0].to: "refundz" is not a participant (triage, refunds). Fix: did you mean \`refunds\`?`,
    ]);
    expect(lines(result.stdout)).toEqual([
      'Checked 3 case file(s) and 0 suite file(s): 3 with problems.',
    ]);
  });
});
