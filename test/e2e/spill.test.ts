import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { writeReports } from '../../src/cli/write-reports.ts';
import { evaluateSuite } from '../../src/public/evaluate.ts';
import { CLI, REPO, readReport, runCli, tempDir } from './helpers.ts';
import { implementation, moduleSuite, quietCase, writeProject } from './robust-project.ts';

const CASES = 1_500;

let dir: { path: string; remove: () => Promise<void> };
let tmp: string;
beforeEach(async () => {
  dir = await tempDir();
  // The CLI's own temp folder: what it leaves there is what a user's /tmp would keep.
  tmp = join(dir.path, 'tmp');
  await mkdir(tmp);
});
afterEach(() => dir.remove());

/** Support cases under fresh ids, one broken file, and a suite judging them by a policy that fails some. */
async function bigSuite(): Promise<string> {
  const source = join(REPO, 'cases/support');
  const templates = await Promise.all(
    (await readdir(source))
      .filter((f) => f.endsWith('.yaml'))
      .map((f) => readFile(join(source, f), 'utf8')),
  );
  await mkdir(join(dir.path, 'cases'));
  for (let i = 0; i < CASES; i++) {
    const text = templates[i % templates.length]!.replace(/^id: (.*)$/m, `id: $1-${i}`);
    await writeFile(join(dir.path, 'cases', `case-${i}.yaml`), text);
  }
  await writeFile(join(dir.path, 'cases/broken.yaml'), 'id: broken\ntitle: [unclosed\n');
  const example = join(REPO, 'examples/support-router');
  const suite = join(dir.path, 'suite.yaml');
  await writeFile(
    suite,
    [
      'name: spill',
      "cases: { include: ['cases/*.yaml'] }",
      `adapter: { type: module, path: ${JSON.stringify(join(example, 'implementation.ts'))}, options: { policy: ${JSON.stringify(join(example, 'policy-regressed.yaml'))} } }`,
      `allow_read: [${JSON.stringify(REPO)}]`,
      'reports: { formats: [console, json, md, junit] }',
      'gates: [{ metric: pass_rate, min: 0.99 }]',
      '',
    ].join('\n'),
  );
  return suite;
}

/** A report's text with what differs between two runs of the same cases (clocks, span ids, versions) masked. */
function masked(text: string): string {
  return text
    .replace(/"(durationMs|at|end|startedAt|spanId|traceId|parentId)": [^,\n]+/g, '"$1": 0')
    .replace(/"spanIds": \[[^\]]*\]/g, '"spanIds": []')
    .replace(/(time|timestamp)="[^"]*"/g, '$1=""')
    .replace(/\b\d+(\.\d+)? ?(ms|s)\b/g, 'T');
}

describe('a run of thousands of cases, each result spilled to disk as it finishes', () => {
  test('writes the same reports as the programmatic run holding every result, and leaves no spill file', async () => {
    const suite = await bigSuite();
    const out = join(dir.path, 'out');

    const run = await runCli(['run', suite, '--out', out], { env: { TMPDIR: tmp } });

    expect(run.code).toBe(2); // the broken case file
    expect(run.stdout).toMatch(/^FAIL {2}1501 cases · \d+ passed · \d+ failed · 1 errored/m);
    const evaluation = await evaluateSuite(suite, { cwd: REPO });
    if (!evaluation.ok) throw new Error(JSON.stringify(evaluation.problems));
    await readReport(join(out, 'report.json')); // checked against the schema
    const held = join(dir.path, 'held');
    await writeReports(evaluation.report, ['json', 'md', 'junit'], held, { cwd: REPO });
    for (const name of ['report.json', 'report.md', 'junit.xml']) {
      const spilled = await readFile(join(out, name), 'utf8');
      const inMemory = await readFile(join(held, name), 'utf8');
      if (name === 'report.json') {
        // The CLI adds what it knows of the run (versions, commit): the rest is the same.
        const { run: _, ...cli } = JSON.parse(spilled) as Record<string, unknown>;
        const cliText = JSON.stringify(cli, null, 2);
        const apiText = JSON.stringify(JSON.parse(inMemory), null, 2);
        expect(masked(cliText)).toBe(masked(apiText));
        expect(evaluation.report.summary.failed).toBeGreaterThan(0);
      } else expect(masked(spilled), name).toBe(masked(inMemory));
    }
    expect((await readdir(tmp)).filter((f) => f.startsWith('baton-cases-'))).toEqual([]);
  }, 300_000);

  test('a second SIGTERM stops at once and still removes the spill file', async () => {
    const marker = join(dir.path, 'started-a');
    await writeProject(dir.path, {
      ...Object.fromEntries(['a', 'b', 'c'].map((id) => [`cases/${id}.yaml`, quietCase(id)])),
      'impl.ts': implementation({
        a: `fs.writeFileSync(${JSON.stringify(marker)}, ''); await new Promise(() => {});`,
      }),
      'suite.yaml': moduleSuite('spill-signal', ['concurrency: 1']),
    });
    const child = spawn(process.execPath, [...CLI, 'run', 'suite.yaml'], {
      cwd: dir.path,
      env: { ...process.env, NO_COLOR: '1', TMPDIR: tmp },
    });
    let stderr = '';
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const saysStopping = new Promise<void>((done) =>
      child.stderr.on('data', (d) => {
        stderr += d;
        if (stderr.includes('starting no new cases')) done();
      }),
    );
    while (!existsSync(marker)) await new Promise((r) => setImmediate(r));
    expect((await readdir(tmp)).filter((f) => f.startsWith('baton-cases-'))).toHaveLength(1);

    child.kill('SIGTERM');
    await saysStopping;
    child.kill('SIGTERM');

    expect(await exited).toBe(3);
    expect((await readdir(tmp)).filter((f) => f.startsWith('baton-cases-'))).toEqual([]);
  }, 120_000);
});
