import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, lines, REPO, readReport, runCli, tempDir } from './helpers.ts';

// Mistakes users made trying Baton in their own projects: each is one line that says what to do.
const MISTAKES = `${FIXTURES}/mistakes`;
const PROJECT = `${REPO}/${MISTAKES}/project`;

describe('baton validate tells a suite from a case by its keys', () => {
  it('a suite with `adapter` misspelt gets the one problem of the typo, as baton run says it', async () => {
    const validate = await runCli(['validate', `${MISTAKES}/suite-typo.yaml`]);
    const run = await runCli(['run', `${MISTAKES}/suite-typo.yaml`]);

    const line = `${MISTAKES}/suite-typo.yaml:3:1: adaptor: unknown key \`adaptor\`. Fix: did you mean \`adapter\`?`;
    expect(validate.code).toBe(2);
    expect(lines(validate.stderr)).toEqual([line]);
    expect(lines(validate.stdout)).toEqual([
      'Checked 0 case file(s) and 1 suite file(s): 1 with problems.',
    ]);
    expect(lines(run.stderr)).toEqual([line]);
  });
});

describe('baton run given a case file', () => {
  it('says so in one line and names the suite that includes it, with --case', async () => {
    const result = await runCli(['run', 'baton/claims/small-claim-paid.yaml'], { cwd: PROJECT });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'baton/claims/small-claim-paid.yaml: this is a case file, not a suite. Fix: run it through the suite that includes it: baton run baton/claims-suite.yaml --case small-claim-paid',
    ]);
    expect(result.stdout).toBe('');
  });

  it('prefers the default suite when it includes the case', async () => {
    const result = await runCli(['run', 'baton/cases/greeting.yaml'], { cwd: PROJECT });

    expect(lines(result.stderr)).toEqual([
      'baton/cases/greeting.yaml: this is a case file, not a suite. Fix: run it through the suite that includes it: baton run baton/suite.yaml --case greeting',
    ]);
  });

  it('with no suite around that includes it, says how to run or check it', async () => {
    const result = await runCli(['run', 'loose/orphan.yaml'], { cwd: PROJECT });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'loose/orphan.yaml: this is a case file, not a suite. Fix: pass the suite that includes it (baton run <suite>), or check it with baton validate loose/orphan.yaml',
    ]);
  });
});

describe('bare baton validate checks what bare baton run runs', () => {
  let empty: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    empty = await tempDir();
  });
  afterAll(() => empty.remove());

  it('the default suite (baton/suite.yaml) and the cases it includes, not the other suites', async () => {
    const result = await runCli(['validate'], { cwd: PROJECT });

    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toEqual([
      'Checked 1 case file(s) and 1 suite file(s): all valid.',
    ]);
    expect(result.stderr).toBe('');
  });

  it('in a folder with nothing to check: one line saying where it looked and what to do', async () => {
    const result = await runCli(['validate'], { cwd: empty.path });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'baton: Failed to find files to check: no path was given and none of baton/suite.yaml, suites/example.yaml, cases/ or suites/ exists here. Pass files or folders (baton validate baton/cases), or scaffold a suite with baton init.',
    ]);
    expect(result.stdout).toBe('');
  });

  it('a path that does not exist is a problem, not a file it checked', async () => {
    const result = await runCli(['validate', 'nope.yaml', 'baton/cases'], { cwd: PROJECT });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'nope.yaml: file not found. Fix: check the path; relative paths are resolved against the current folder',
    ]);
    expect(lines(result.stdout)).toEqual([
      'Checked 1 case file(s) and 0 suite file(s): all valid; 1 path(s) not found.',
    ]);
  });
});

describe('a YAML indentation error', () => {
  let dir: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    dir = await tempDir();
    // Kept as .txt in the repository, so the linter's YAML parser does not trip on it.
    await copyFile(join(REPO, MISTAKES, 'bad-indent.yaml.txt'), join(dir.path, 'bad-indent.yaml'));
  });
  afterAll(() => dir.remove());

  it('says to line the key up with the keys above it, at their column', async () => {
    const result = await runCli(['validate', 'bad-indent.yaml'], { cwd: dir.path });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'bad-indent.yaml:11:6: invalid YAML: sequence item without - indicator. Fix: line `at` up with the keys above it (column 7)',
    ]);
  });
});

describe('baton run --case with a misspelt id', () => {
  it('names the id and the nearest one, not the suite', async () => {
    const result = await runCli(['run', 'suites/example.yaml', '--case', 'budget-at-limt']);

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      'suites/example.yaml: --case budget-at-limt: no case has this id (of the 38 cases the suite includes). Fix: did you mean `budget-at-limit`?',
    ]);
  });
});

describe('a contract whose receiver is misspelt', () => {
  let out: { path: string; remove: () => Promise<void> };
  beforeAll(async () => {
    out = await tempDir();
  });
  afterAll(() => out.remove());

  const suite = `${MISTAKES}/contract-typo.yaml`;
  const warning = `${suite}:14  contracts.unknown_agent  contract triage → refnuds names the receiver refnuds, which no case lists among its participants, while refunds is: no handoff reaches this edge, so its envelopes are never checked`;

  it('is a warning at its line naming the agent meant, not a silent pass', async () => {
    const dir = join(out.path, 'warn');
    const result = await runCli(['run', suite, '--out', dir]);
    const report = await readReport(join(dir, 'report.json'));

    expect(result.code).toBe(0);
    expect(lines(result.stdout)).toContain(`! WARNING  ${warning}`);
    expect(report.warnings?.map((w) => [w.code, w.line, w.fix])).toEqual([
      [
        'contracts.unknown_agent',
        14,
        'did you mean refunds? If the contract is for an agent these cases never reach, ignore this',
      ],
    ]);
  });

  it('fails the run under --strict; the edge to an agent no case comes near is left alone', async () => {
    const dir = join(out.path, 'strict');
    const result = await runCli(['run', suite, '--strict', '--out', dir]);
    const report = await readReport(join(dir, 'report.json'));

    expect(result.code).toBe(2);
    expect(lines(result.stdout)).toContain(`✗ ERROR  ${warning}`);
    expect(lines(result.stdout).at(-2)).toMatch(/· 1 warning is an error under --strict$/);
    expect(report.passed).toBe(false);
    expect(report.warnings).toHaveLength(1);
  });
});
