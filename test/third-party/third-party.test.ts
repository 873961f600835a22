import { cp, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { REPO, readReport, stackLines, tempDir } from '../e2e/helpers.ts';
import { packedBaton } from '../e2e/packed.ts';
import { type Run, run } from '../e2e/packed-project.ts';
import { SYSTEMS } from './expected.ts';
import {
  failing,
  MATRIX_HEADER,
  matrixRows,
  PRIMARY,
  RELEASES,
  type Release,
  tableCells,
} from './matrix.ts';
import { type InstalledSystem, installSystem } from './project.ts';

// Baton on systems it has never seen, set up as the README tells a team: each system in
// test/third-party/ is a project of its own (its package.json, its own copy of its framework),
// installed offline into a temporary folder with Baton from the tarball `npm pack` makes, and
// judged by the real CLI: `npx baton run baton/suites/*.yaml`, one suite per release. Each
// system has a correct release and seven seeded-bug releases; every bug must be found with its
// code, nothing else may fail, and the correct release must pass.

let tarball: string;
beforeAll(async () => {
  tarball = (await packedBaton()).tarball;
}, 600_000);

const matrix = new Map<string, ReadonlyMap<Release, readonly string[]>>();

describe.each(Object.entries(SYSTEMS))('%s', (system, { expected }) => {
  let project: InstalledSystem;
  let cli: Run;
  const reports = new Map<Release, RunReport>();
  beforeAll(async () => {
    project = await installSystem(system, tarball);
    if (project.install.code !== 0) return;
    const suites = RELEASES.map((r) => `baton/suites/${r}.yaml`);
    cli = await run('npx', ['--offline', 'baton', 'run', ...suites], project.path, 600_000);
    // Each suite's report is where the CLI says it wrote it, one `Reports:` line per suite.
    const written = [...cli.stdout.matchAll(/^Reports: (\S*report\.json)/gm)].map((m) => m[1]!);
    if (written.length !== RELEASES.length)
      throw new Error(`expected ${RELEASES.length} reports:\n${cli.stdout}\n${cli.stderr}`);
    for (const [i, release] of RELEASES.entries())
      reports.set(release, await readReport(resolve(project.path, written[i]!)));
    matrix.set(system, new Map(RELEASES.map((r) => [r, failing(reports.get(r)!)])));
  }, 900_000);
  afterAll(() => project?.remove());

  it('installs offline into its own project, its framework and Baton from the tarball', () => {
    expect(project.install.stderr).not.toMatch(/ERR!|npm error/);
    expect(project.install.code).toBe(0);
  });

  it('runs every release through the real CLI: one verdict per suite, no stack trace, exit 1', () => {
    expect(stackLines(cli.stderr)).toEqual([]);
    expect(stackLines(cli.stdout)).toEqual([]);
    expect(cli.stdout).toContain(
      `FAIL  ${RELEASES.length} suites · 1 passed · ${RELEASES.length - 1} failed`,
    );
    expect(cli.code).toBe(1);
  });

  it('the correct release: every case judged, zero failing findings, every gate passed', () => {
    const report = reports.get('correct')!;
    expect(report.summary).toMatchObject({ errored: 0, failed: 0 });
    expect(failing(report)).toEqual([]);
    expect(report.gates.every((g) => g.passed)).toBe(true);
  });

  it.each(RELEASES.filter((r) => r !== 'correct'))(
    'release %s: the seeded bug is found with its code, and nothing else fails',
    (release) => {
      const found = failing(reports.get(release)!);
      for (const code of PRIMARY[release])
        expect(found.map((f) => f.split(' ')[1])).toContain(code);
      expect(found).toEqual(expected[release]);
    },
  );
});

describe('openinference-export/exports', () => {
  it('are what its tools/write-exports.mjs writes: the spans the suites judge are reproducible', async () => {
    const copy = await tempDir();
    const source = join(REPO, 'test/third-party/openinference-export');
    await cp(join(source, 'tools'), join(copy.path, 'tools'), { recursive: true });
    const written = await run(process.execPath, ['tools/write-exports.mjs'], copy.path);
    const regenerated = await Promise.all(
      RELEASES.map((r) => readFile(join(copy.path, 'exports', `${r}.jsonl`), 'utf8')),
    );
    const committed = await Promise.all(
      RELEASES.map((r) => readFile(join(source, 'exports', `${r}.jsonl`), 'utf8')),
    );
    await copy.remove();

    expect(written.code, written.stderr).toBe(0);
    expect(regenerated).toEqual(committed);
  });
});

describe('test/third-party/README.md', () => {
  it('records the matrix Baton produced: system × release → codes found', async () => {
    const rows = Object.keys(SYSTEMS).flatMap((s) => matrixRows(s, matrix.get(s) ?? new Map()));
    const table = [...MATRIX_HEADER, ...rows].join('\n');
    const readme = await readFile(join(REPO, 'test/third-party/README.md'), 'utf8');
    const recorded = /<!-- matrix:start -->\n([\s\S]*?)\n<!-- matrix:end -->/.exec(readme)?.[1];
    expect(
      tableCells(recorded ?? ''),
      `paste this table between the matrix markers:\n${table}`,
    ).toEqual(tableCells(table));
  });
});
