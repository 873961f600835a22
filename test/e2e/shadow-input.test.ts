import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_PERSONS_SHADOW } from '../../src/shadow/render-shadow.ts';
import type { ShadowReport } from '../../src/shadow/shadow-report.ts';
import { FIXTURES, REPO, runCli, tempDir } from './helpers.ts';

const CONVENTIONS = fileURLToPath(new URL('../../src/public/conventions.ts', import.meta.url));

/** The candidate: the desk's routing (VPN to network, a low-confidence signal to on-call). */
const IMPL = `import { emitHandoff } from ${JSON.stringify(CONVENTIONS)};
export default () => ({
  startCase(info) {
    let owner = info.entry;
    return {
      async handle(step) {
        const to =
          step.kind === 'customer' && /vpn/i.test(step.text) ? 'network'
          : step.kind === 'signal' && Number(step.values.confidence) < 0.5 ? 'oncall'
          : undefined;
        if (to) emitHandoff({ from: owner, to });
        owner = to ?? owner;
      },
    };
  },
});
`;

/** A shadow suite with no cases, whose reports.dir climbs out of the suite's folder. */
const SUITE = `name: desk-shadow
adapter: { type: module, path: ../impl.ts }
shadow:
  live: { steps: { attribute: helpdesk.turn } }
  entry: intake
  idle_ms: 1000
reports: { dir: ../../reports/desk-shadow }
`;

// The project: <tmp>/p with the suite in p/baton/shadow; the CLI runs in p/work, one folder
// deep, so reports.dir read against the working folder would land in <tmp>/reports instead.
let tmp: { path: string; remove: () => Promise<void> };
let project: string;
let work: string;
beforeAll(async () => {
  tmp = await tempDir();
  project = join(tmp.path, 'p');
  work = join(project, 'work');
  await mkdir(join(project, 'baton', 'shadow'), { recursive: true });
  await mkdir(join(project, 'exports'), { recursive: true });
  await mkdir(work, { recursive: true });
  await writeFile(join(project, 'package.json'), '{ "name": "desk", "private": true }\n');
  await writeFile(join(project, 'baton', 'impl.ts'), IMPL);
  await writeFile(join(project, 'baton', 'shadow', 'desk.yaml'), SUITE);
  await copyFile(join(REPO, FIXTURES, 'traces-input', 'desk.jsonl'), join(work, 'desk.jsonl'));
});
afterAll(() => tmp.remove());

const shadow = (file: string, more: readonly string[] = []) =>
  runCli(['shadow', '../baton/shadow/desk.yaml', '--file', file, '--once', ...more], { cwd: work });

describe('baton shadow and the paths a shadow suite names', () => {
  let run: Awaited<ReturnType<typeof shadow>>;
  beforeAll(async () => {
    run = await shadow('desk.jsonl');
  });

  it('writes to reports.dir resolved against the suite file, as baton run does, and nowhere else', async () => {
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(
      /^baton shadow: receiving file desk\.jsonl; reports in \.\.\/reports\/desk-shadow\/shadow\n/,
    );
    expect(existsSync(join(project, 'reports', 'desk-shadow', 'shadow', 'shadow.json'))).toBe(true);
    expect(existsSync(join(tmp.path, 'reports'))).toBe(false);
  });

  it('runs a suite with a shadow: block and no cases', () => {
    expect(run.code).toBe(1); // not ready for a canary: three conversations are not 500
    expect(run.stdout).toMatch(/\nReadiness: not ready for a canary: conversations compared 3/);
  });

  it('replays a step whose baton.step.input is {"kind":"signal","confidence":0.4}', async () => {
    const report = JSON.parse(
      await readFile(join(project, 'reports', 'desk-shadow', 'shadow', 'shadow.json'), 'utf8'),
    ) as ShadowReport;

    expect(report.traffic).toMatchObject({ finished: 3, compared: 3, unreplayable: 0 });
    expect(report.agreement).toMatchObject({ count: 3, of: 3 });
    expect(report.problems).toEqual([]);
  });

  it('says no receiver is known to be a person when the suite names none', () => {
    expect(run.stdout).toContain(`\n${NO_PERSONS_SHADOW}\n`);
  });

  it('tells baton run that the suite lists no cases, in one line with the fix', async () => {
    const judged = await runCli(['run', '../baton/shadow/desk.yaml'], { cwd: work });

    expect(judged.code).toBe(2);
    expect(judged.stderr).toBe(
      'baton: Failed to run ../baton/shadow/desk.yaml: it lists no cases (only a suite for baton shadow may), so there is nothing to judge. List case files under `cases: { include: [...] }`, or run the suite with baton shadow.\n',
    );
  });
});

describe('baton shadow --file on a file it cannot read', () => {
  it('refuses a missing file with --once in one line, before the candidate starts', async () => {
    const run = await shadow('nope.jsonl');

    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(
      'baton: nope.jsonl: no such file. Fix: check the path (relative to the current folder on the command line, to the file that names it in a suite or case)\n',
    );
  });

  it('refuses a folder and a gzip file, each in one line with the fix', async () => {
    await writeFile(
      join(work, 'desk.jsonl.gz'),
      gzipSync(await readFile(join(work, 'desk.jsonl'))),
    );

    const folder = await shadow('.');
    const gzip = await shadow('desk.jsonl.gz');

    expect([folder.code, gzip.code]).toEqual([2, 2]);
    expect(folder.stderr).toBe(
      `baton: ${work}: a folder, not a trace file. Fix: pass the trace files in it (${work}/*.jsonl)\n`,
    );
    expect(gzip.stderr).toBe(
      'baton: desk.jsonl.gz: this file is gzip-compressed, and Baton reads OTLP/JSON text. Fix: decompress it first (gunzip -k desk.jsonl.gz) and pass the file gunzip writes\n',
    );
  });

  it('names a suite problem by the path as typed', async () => {
    await writeFile(join(project, 'baton', 'shadow', 'typo.yaml'), `${SUITE}shadow_: {}\n`);

    const run = await runCli(
      ['shadow', '../baton/shadow/typo.yaml', '--file', 'desk.jsonl', '--once'],
      { cwd: work },
    );

    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^\.\.\/baton\/shadow\/typo\.yaml:8:1: /);
  });
});
