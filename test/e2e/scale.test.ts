import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CLI, REPO, readReport, runCli, tempDir } from './helpers.ts';

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
  return writeSuite(dir, 'cases/*.yaml');
}

async function writeSuite(dir: string, include: string): Promise<string> {
  const suite = join(dir, 'suite.yaml');
  const implementation = join(REPO, 'examples/support-router/implementation.ts');
  const policy = join(REPO, 'examples/support-router/policy.yaml');
  await writeFile(
    suite,
    [
      'name: many',
      `cases: { include: [${JSON.stringify(include)}] }`,
      `adapter: { type: module, path: ${JSON.stringify(implementation)}, options: { policy: ${JSON.stringify(policy)} } }`,
      `allow_read: [${JSON.stringify(REPO)}]`,
      'gates: [{ metric: errored, max: 0 }]',
      '',
    ].join('\n'),
  );
  return suite;
}

function runLimited(args: readonly string[]): Promise<{ code: number; stderr: string }> {
  const command = `ulimit -n ${OPEN_FILES} && exec "$0" "$@"`;
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-c', command, process.execPath, ...CLI, ...args],
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

const billing = (id: string, extra = '') =>
  `{"id":"${id}","title":"Charged twice","source":"production export",${extra}"participants":{"agents":["triage","billing"],"persons":["supervisor"]},"steps":[{"customer":"I was charged twice on my invoice"}],"expect":{"handoffs":[{"from":"triage","to":"billing","at":0}]}}`;

const STREAM = `id: stream-billing
title: Charged twice
source: synthetic
tags: [stream]
participants: { agents: [triage, billing], persons: [supervisor] }
steps:
  - customer: "I was charged twice on my invoice"
expect:
  handoffs:
    - { from: triage, to: billing, at: 0 }
---
id: stream-broken
title: A label with a typo
source: synthetic
participants: { agents: [triage], persons: [supervisor] }
steps:
  - customer: "where is my parcel"
expect:
  handoffs: none
  max_hopz: 1
`;

describe('many cases in one file', () => {
  let remove: (() => Promise<void>) | undefined;
  afterEach(() => remove?.());

  test('a JSON-lines file and a YAML stream run case by case; a broken case errors alone, at its line', async () => {
    const dir = await tempDir();
    remove = dir.remove;
    await mkdir(join(dir.path, 'cases'));
    const lines = [billing('prod-1'), billing('prod-2', '"tags":["vip"],'), '', '{"id": "prod-3",'];
    await writeFile(join(dir.path, 'cases/prod.jsonl'), `${lines.join('\n')}\n`);
    await writeFile(join(dir.path, 'cases/stream.yaml'), STREAM);
    const suite = await writeSuite(dir.path, 'cases/*.{yaml,jsonl}');
    const out = join(dir.path, 'out');

    const run = await runCli(['run', suite, '--reporter', 'json', '--out', out]);

    const report = await readReport(join(out, 'report.json'));
    expect(report.summary).toMatchObject({ cases: 5, passed: 3, errored: 2 });
    const errored = report.cases.filter((c) => c.status === 'error').map((c) => c.title);
    expect(errored).toEqual([
      expect.stringMatching(/prod\.jsonl:4$/),
      expect.stringMatching(/stream\.yaml:12$/),
    ]);
    expect(run.stderr).toMatch(/prod\.jsonl:4:\d+: invalid JSON: .*Fix: write each case as one/);
    expect(run.stderr).toMatch(
      /stream\.yaml:20:3: expect\.max_hopz: unknown key .*Fix: did you mean `max_hops`\?/,
    );

    const picked = await runCli([
      'run',
      suite,
      '--tag',
      'vip',
      '--tag',
      'stream',
      '--reporter',
      'json',
      '--out',
      join(out, 'picked'),
    ]);
    expect(picked.stdout).toContain('Partial run');
    const ids = (await readReport(join(out, 'picked/report.json'))).cases.map((c) => c.id);
    expect(ids.filter((id) => !id.includes(':')).sort()).toEqual(['prod-2', 'stream-billing']);
  });
});
