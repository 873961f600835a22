import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { REPO, readReport, tempDir } from './helpers.ts';

const CASES = 3_000;
/** Far below the case count: a loader that opened every case file at once would fail with EMFILE. */
const OPEN_FILES = 160;

/** The bundled support cases, each copied many times under fresh ids, and a suite over them. */
async function bigSuite(dir: string): Promise<string> {
  const source = join(REPO, 'cases/support');
  const templates = await Promise.all(
    (await readdir(source))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => readFile(join(source, f), 'utf8')),
  );
  await mkdir(join(dir, 'cases'));
  for (let i = 0; i < CASES; i++) {
    const text = templates[i % templates.length]!.replace(/^id: (.*)$/m, `id: $1-${i}`);
    await writeFile(join(dir, 'cases', `case-${i}.yaml`), text);
  }
  const suite = join(dir, 'suite.yaml');
  const implementation = join(REPO, 'examples/support-router/implementation.ts');
  const policy = join(REPO, 'examples/support-router/policy.yaml');
  await writeFile(
    suite,
    [
      'name: many',
      'cases: { include: [cases/*.yaml] }',
      `adapter: { type: module, path: ${JSON.stringify(implementation)}, options: { policy: ${JSON.stringify(policy)} } }`,
      `allow_read: [${JSON.stringify(REPO)}]`,
      'gates: [{ metric: errored, max: 0 }]',
      '',
    ].join('\n'),
  );
  return suite;
}

function runLimited(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const bin = join(REPO, 'bin/baton.mjs');
  const command = `ulimit -n ${OPEN_FILES} && exec "$0" --conditions=baton-source "$@"`;
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', command, process.execPath, bin, ...args],
      { cwd: REPO, env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (error, _stdout, stderr) =>
        resolve({ code: error === null ? 0 : Number(error.code ?? 1), stderr }),
    );
  });
}

describe('a suite of thousands of case files', () => {
  let remove: (() => Promise<void>) | undefined;
  afterEach(() => remove?.());

  test(`runs every case with ${OPEN_FILES} open files allowed`, async () => {
    const dir = await tempDir();
    remove = dir.remove;
    const suite = await bigSuite(dir.path);
    const out = join(dir.path, 'out');

    const run = await runLimited(['run', suite, '--reporter', 'json', '--out', out]);

    expect(run.stderr).not.toContain('EMFILE');
    expect(run.code).toBe(0);
    const report = await readReport(join(out, 'report.json'));
    expect(report.summary).toMatchObject({ cases: CASES, errored: 0 });
  }, 300_000);
});
