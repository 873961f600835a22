import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseReport } from '../../src/report/json.ts';
import { assertReportsMatchSchema, reportSchemaProblems } from './report-schema.ts';

/** The repository root: the CLI runs from here unless a test says otherwise. */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

/** Fixture folder of the end-to-end tests, relative to the repository root. */
export const FIXTURES = 'test/fixtures/e2e';

/**
 * The CLI the tests start: the published one (dist/cli/bin.js), which the tests' setup built from
 * the sources of this run (test/build-once.setup.ts); a test file run outside that setup starts
 * the sources (bin/baton.mjs, through tsx), with `baton-handoffs` resolving to them too.
 */
const BUILT = process.env.BATON_TEST_BUILT === '1';
/** What `node` is given before Baton's command and its arguments to start the CLI under test. */
export const CLI: readonly string[] = BUILT
  ? [join(REPO, 'dist/cli/bin.js')]
  : // The condition also reaches `require('baton-handoffs')` from a CommonJS project's module.
    ['--conditions=baton-source', join(REPO, 'bin/baton.mjs')];

export interface CliResult {
  /** The exit code; `null` when the CLI had to be killed because it did not exit. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs the real CLI (`node dist/cli/bin.js ...args`) as a user would, with NO_COLOR=1. A CLI that
 * does not exit within `killAfterMs` is killed and reported with `code: null`, so a hang fails
 * the assertion on the exit code instead of the whole test file. Every report.json the run
 * wrote is checked against the published schema.
 */
export function runCli(
  args: readonly string[],
  options: { cwd?: string; killAfterMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  // A test run inside GitHub Actions must not turn the GitHub reporter on by itself.
  delete env.GITHUB_ACTIONS;
  delete env.GITHUB_STEP_SUMMARY;
  Object.assign(env, options.env);
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...CLI, ...args],
      { cwd: options.cwd ?? REPO, env, timeout: options.killAfterMs ?? 90_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        try {
          assertReportsMatchSchema(stdout, options.cwd ?? REPO);
        } catch (invalid) {
          reject(invalid);
          return;
        }
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A fresh temporary folder and a function that removes it. */
export async function tempDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'baton-e2e-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Reads a report.json the CLI wrote, through Baton's own versioned parser and the schema. */
export async function readReport(file: string) {
  const text = await readFile(file, 'utf8');
  const problems = reportSchemaProblems(JSON.parse(text));
  if (problems.length > 0)
    throw new Error(`${file} does not match the schema: ${problems.join('; ')}`);
  return parseReport(text);
}

/** Stack-trace lines (`    at fn (file:1:2)`) that a user must never see for a bad input. */
export function stackLines(text: string): string[] {
  return text.split('\n').filter((line) => /^\s+at\s/.test(line));
}

/** Non-empty lines of a stream. */
export function lines(text: string): string[] {
  return text.split('\n').filter((line) => line.trim() !== '');
}
