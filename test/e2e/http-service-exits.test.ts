import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
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

const DIR = join(REPO, FIXTURES, 'http-service');

let out: { path: string; remove: () => Promise<void> };
let crash: { result: CliResult; report: RunReport };
beforeAll(async () => {
  out = await tempDir();
  const result = await runCli(['run', 'crash.yaml', '--out', out.path], { cwd: DIR });
  crash = { result, report: await readReport(join(out.path, 'report.json')) };
}, 120_000);
afterAll(() => out.remove());

describe('baton run on a service that exits during a case', () => {
  it('errors that case with the exit code and stderr, and runs the next on the service started again', () => {
    const { result, report } = crash;
    const text = plain(result.stdout);
    const url = /adapter http (http:\/\/127\.0\.0\.1:\d+\/turn)/.exec(text)?.[1];

    expect(result.code).toBe(1);
    expect(url).toBeDefined();
    expect(report.cases.map((c) => `${c.id} ${c.status}`)).toEqual([
      'a-before pass',
      'b-crashes error',
      'c-after pass',
    ]);
    expect(lines(text).map((l) => l.trim())).toContain(
      `adapter.service_exit  the service exited with code 3 during step 0 (POST ${url}); its stderr ended with: FATAL: phishing classifier model file missing. Fix: make the service survive this step; Baton starts it again for the next case`,
    );
    expect(text).not.toMatch(/HttpStepError|BatonError|adapter threw/);
    expect(lines(text).at(-2)).toMatch(/^FAIL {2}3 cases · 2 passed · 0 failed · 1 errored/);
  });

  it('names the URL it sent to, port filled in, in the header and the report', () => {
    const header = lines(plain(crash.result.stdout))[0];

    expect(header).toMatch(
      /^Baton e2e-http-crash {2}adapter http http:\/\/127\.0\.0\.1:\d+\/turn {2}/,
    );
    expect(crash.report.suite.adapter).toMatch(/^http http:\/\/127\.0\.0\.1:\d+\/turn$/);
  });
});

describe('baton run on a start command that names a missing file', () => {
  it("exits 2 with one line that keeps Node's `Cannot find module` line", async () => {
    const result = await runCli(['run', 'missing-module.yaml', '--out', out.path], { cwd: DIR });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toHaveLength(1);
    expect(stackLines(result.stderr)).toEqual([]);
    expect(result.stderr).toMatch(
      /^baton: Failed to start the service `node servce\.mjs`: it exited with code 1 before http:\/\/127\.0\.0\.1:\d+\/ answered\. Its stderr ended with: Error: Cannot find module '.*[/\\]http-service[/\\]servce\.mjs' \| code: 'MODULE_NOT_FOUND', \| requireStack: \[\]\. Fix the service or adapter\.start in missing-module\.yaml\.\n$/,
    );
  });
});

describe('an unknown placeholder in the adapter url', () => {
  const problem =
    'bad-placeholder.yaml:6:8: adapter.url: unknown placeholder {{prot}}. Fix: did you mean {{port}}?';

  it('baton validate reports it at the url value, with a did-you-mean', async () => {
    const result = await runCli(['validate', 'bad-placeholder.yaml'], { cwd: DIR });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([problem]);
  });

  it('baton run stops on the same line before starting anything', async () => {
    const result = await runCli(['run', 'bad-placeholder.yaml', '--out', out.path], { cwd: DIR });

    expect(result.code).toBe(2);
    expect(lines(result.stderr)).toEqual([problem]);
    expect(result.stdout).toBe('');
  });
});
