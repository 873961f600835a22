import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CliResult,
  FIXTURES,
  lines,
  readReport,
  runCli,
  stackLines,
  tempDir,
} from './helpers.ts';

const BAD = `${FIXTURES}/bad`;

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

describe('a suite with typos (adapter type `modul`, concurrency "four")', () => {
  let result: CliResult;
  beforeAll(async () => {
    result = await runCli(['run', `${BAD}/typo.yaml`, '--out', join(out.path, 'typo')]);
  });

  it('exits 2 with one line per problem naming file:line:col and a fix, and no stack', () => {
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(
        /typo\.yaml:4:18: adapter\.type: expected one of `module`, `http`, `openai-agents`, `langgraph` or `traces`, received "modul"\. Fix: did you mean `module`\?$/,
      ),
      expect.stringMatching(
        /typo\.yaml:5:14: concurrency: expected a whole number from 1 to 256, received "four"\. Fix: change `concurrency` to a whole number from 1 to 256$/,
      ),
    ]);
    expect(stackLines(result.stderr)).toEqual([]);
  });

  it('runs nothing and writes no report', () => {
    expect(result.stdout).toBe('');
    expect(existsSync(join(out.path, 'typo'))).toBe(false);
  });

  it('names the suite file as the user typed it, as `baton validate` does', () => {
    expect(lines(result.stderr).map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      `${BAD}/typo.yaml`,
      `${BAD}/typo.yaml`,
    ]);
  });
});

describe('a suite whose adapter module does not exist', () => {
  let result: CliResult;
  beforeAll(async () => {
    result = await runCli(['run', `${BAD}/missing-module.yaml`, '--out', join(out.path, 'mod')]);
  });

  it('exits 2 with one line naming the module path and how to fix it, and no stack', () => {
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain(
      'test/fixtures/e2e/bad/missing-module.yaml:6:9: adapter.path: no adapter module at ../impl/no-such-implementation.ts',
    );
    expect(result.stderr).toContain('test/fixtures/e2e/impl/no-such-implementation.ts');
    expect(result.stderr).toContain('Fix: paths in a suite are relative to the suite file');
    expect(stackLines(result.stderr)).toEqual([]);
  });
});

describe('a suite file that does not exist', () => {
  let result: CliResult;
  beforeAll(async () => {
    result = await runCli(['run', `${BAD}/no-such-suite.yaml`, '--out', out.path]);
  });

  it('exits 2 with one line naming the file and a fix, and no stack', () => {
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(
        /no-such-suite\.yaml: file not found\. Fix: check the path; relative paths are resolved against the current folder$/,
      ),
    ]);
    expect(stackLines(result.stderr)).toEqual([]);
  });

  it('names the file as the user typed it', () => {
    expect(result.stderr).toMatch(new RegExp(`^${BAD}/no-such-suite\\.yaml: `));
  });
});

describe('a suite whose cases include one broken case file', () => {
  let result: CliResult;
  const dir = () => join(out.path, 'broken');
  beforeAll(async () => {
    result = await runCli(['run', `${BAD}/with-broken-case.yaml`, '--out', dir()]);
  });

  it('exits 2 and names the problem in the broken file by line and column', () => {
    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([
      `${BAD}/cases/broken-step.yaml:7:27: steps[1].signal.confidence: expected a number from 0 to 1, received "high". Fix: change \`confidence\` to a number from 0 to 1`,
    ]);
    expect(stackLines(result.stderr)).toEqual([]);
  });

  it('still runs and reports the other cases', async () => {
    const report = await readReport(join(dir(), 'report.json'));

    expect(report.cases.map((c) => [c.id, c.status]).sort()).toEqual([
      ['broken-step', 'error'],
      ['ok-none', 'pass'],
      ['ok-refund', 'pass'],
    ]);
    expect(report.summary).toMatchObject({ cases: 3, passed: 2, failed: 0, errored: 1 });
  });

  it('reports the broken case as errored, with the load problem as its reason', async () => {
    const report = await readReport(join(dir(), 'report.json'));
    const broken = report.cases.find((c) => c.id === 'broken-step');

    expect(broken?.file).toBe(`${BAD}/cases/broken-step.yaml`);
    expect(broken?.findings.map((f) => [f.code, f.outcome])).toEqual([['case.error', 'error']]);
    expect(broken?.error?.message).toContain('broken-step.yaml:7:27');
  });
});
