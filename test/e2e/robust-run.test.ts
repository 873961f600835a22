import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLI, lines, readReport, runCli, stackLines, tempDir } from './helpers.ts';
import { implementation, moduleSuite, quietCase, writeProject } from './robust-project.ts';

let dir: { path: string; remove: () => Promise<void> };
beforeEach(async () => {
  dir = await tempDir();
});
afterEach(() => dir.remove());

const cli = (args: string[]) => runCli(args, { cwd: dir.path });

/** Cases a..e, each of which the implementation may make misbehave. */
async function project(behaviour: Readonly<Record<string, string>>, extra: string[] = []) {
  const cases = Object.fromEntries(
    ['a', 'b', 'c', 'd', 'e'].map((id) => [`cases/${id}.yaml`, quietCase(id)]),
  );
  await writeProject(dir.path, {
    ...cases,
    'impl.ts': implementation(behaviour),
    'suite.yaml': moduleSuite('robust', extra),
  });
}

/** The CLI as a child the test can signal; resolves its exit code and output. */
function start(args: string[]) {
  const child = spawn(process.execPath, [...CLI, ...args], {
    cwd: dir.path,
    env: { ...process.env, NO_COLOR: '1' },
  });
  let stdout = '';
  let stderr = '';
  const seen: { text: string; done: () => void }[] = [];
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
    for (const s of seen) if (stderr.includes(s.text)) s.done();
  });
  const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const saysOnStderr = (text: string) =>
    new Promise<void>((done) => (stderr.includes(text) ? done() : seen.push({ text, done })));
  return { child, exited, saysOnStderr, output: () => ({ stdout, stderr }) };
}

/** Resolves once `file` exists: the implementation marks it when a case starts (an event, not a delay). */
async function created(file: string): Promise<void> {
  while (!existsSync(file)) await new Promise((done) => setTimeout(done, 20));
}

describe('cause 7: an implementation that escapes its adapter', () => {
  it('process.exit(0), an unhandled rejection, a detached throw and odd throws fail their cases; the report is written and the run is not PASS', async () => {
    await project({
      a: 'process.exit(0);',
      b: "void Promise.reject(new Error('forgotten promise'));",
      c: "setTimeout(() => { throw new Error('detached boom'); }, 1); await new Promise((r) => setTimeout(r, 50));",
      d: 'throw Object.create(null);',
      e: "throw { toString() { throw new Error('no'); } };",
    });

    const result = await cli(['run', 'suite.yaml', '--out', 'out']);
    const report = await readReport(join(dir.path, 'out/report.json'));

    expect(result.code).toBe(1);
    expect(stackLines(result.stdout + result.stderr)).toEqual([]);
    expect(report.cases.map((c) => [c.id, c.status, c.error?.code])).toEqual([
      ['a', 'error', 'adapter.exit'],
      ['b', 'error', 'adapter.unhandled'],
      ['c', 'error', 'adapter.unhandled'],
      ['d', 'error', 'adapter.threw'],
      ['e', 'error', 'adapter.threw'],
    ]);
    expect(report.passed).toBe(false);
    expect(lines(result.stdout).at(-2)).toMatch(/^FAIL {2}5 cases/);
    expect(result.stdout).toContain(
      '! ESCAPED  in case a: the implementation called process.exit(0)',
    );
    expect(result.stdout).not.toMatch(/^PASS/m);
  });

  it("an implementation's process.exit(3) is not Baton's exit code", async () => {
    await project({ a: 'process.exit(3);' });

    const result = await cli(['run', 'suite.yaml', '--out', 'out']);

    expect(result.code).toBe(1);
    expect(existsSync(join(dir.path, 'out/report.json'))).toBe(true);
  });
});

describe('cause 6: signals and report writes', () => {
  it('SIGINT mid-run: no new case starts, the one in flight finishes, a partial report marked interrupted, exit 3', async () => {
    const marker = join(dir.path, 'started-a');
    const release = join(dir.path, 'release');
    await project(
      {
        a: `fs.writeFileSync(${JSON.stringify(marker)}, ''); while (!fs.existsSync(${JSON.stringify(release)})) await new Promise((r) => setTimeout(r, 20));`,
      },
      ['concurrency: 1'],
    );
    const run = start(['run', 'suite.yaml', '--out', 'out']);

    await created(marker);
    run.child.kill('SIGINT');
    await run.saysOnStderr('starting no new cases');
    await writeFile(release, '');
    const code = await run.exited;
    const report = await readReport(join(dir.path, 'out/report.json'));

    expect(code).toBe(3);
    expect(report.interrupted).toEqual({ signal: 'SIGINT', casesNotRun: 4 });
    expect(report.cases.map((c) => [c.id, c.status])).toEqual([['a', 'pass']]);
    expect(report.passed).toBe(false);
    expect(run.output().stdout).toContain('! INTERRUPTED  by SIGINT: 4 case(s) not run');
    expect(lines(run.output().stdout).at(-2)).toMatch(/^INTERRUPTED {2}1 case/);
  });

  it('a second SIGTERM stops at once: exit 3, no report, no temp file left', async () => {
    const marker = join(dir.path, 'started-a');
    await project({
      a: `fs.writeFileSync(${JSON.stringify(marker)}, ''); await new Promise(() => {});`,
    });
    const run = start(['run', 'suite.yaml', '--out', 'out']);

    await created(marker);
    run.child.kill('SIGTERM');
    await run.saysOnStderr('starting no new cases');
    run.child.kill('SIGTERM');
    const code = await run.exited;

    expect(code).toBe(3);
    expect(run.output().stderr).toContain(
      'baton: SIGTERM again: stopping at once, without a report.',
    );
    expect(existsSync(join(dir.path, 'out'))).toBe(false);
  });

  it('a report.json that is a symbolic link is replaced, never followed', async () => {
    await project({});
    const target = join(dir.path, 'precious.txt');
    await writeFile(target, 'do not overwrite\n');
    await writeProject(dir.path, { 'out/.keep': '' });
    await symlink(target, join(dir.path, 'out/report.json'));

    const result = await cli(['run', 'suite.yaml', '--out', 'out']);

    expect(result.code).toBe(0);
    expect(await readFile(target, 'utf8')).toBe('do not overwrite\n');
    expect((await lstat(join(dir.path, 'out/report.json'))).isFile()).toBe(true);
    expect((await readReport(join(dir.path, 'out/report.json'))).summary.cases).toBe(5);
    expect((await readdir(join(dir.path, 'out'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('reports.dir /proc/self: the console report is printed and ends FAIL, then one line names the file and the fix (exit 2)', async () => {
    await project({}, ['reports: { dir: /proc/self }']);

    const result = await cli(['run', 'suite.yaml']);

    expect(result.code).toBe(2);
    expect(result.stdout).toMatch(/^FAIL {2}5 cases .* the reports could not be written$/m);
    expect(lines(result.stderr)).toEqual([
      expect.stringMatching(
        /^baton: Failed to write \/proc\/self\/report\.json: .+\. Pass --out .+$/,
      ),
    ]);
  });

  it('suite names with ../ keep their reports inside --out', async () => {
    await project({});
    await writeFile(join(dir.path, 'other.yaml'), moduleSuite('../../escaped'));

    const result = await cli(['run', 'suite.yaml', 'other.yaml', '--out', 'out']);

    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Reports: out/escaped/report.json, out/escaped/report.md');
    expect(existsSync(join(dir.path, '..', 'escaped'))).toBe(false);
  });
});

describe('cause 8: output through a pipe', () => {
  it('every byte reaches a reader that is slow to read', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 375 }, (_, i) => [`cases/c${i}.yaml`, `id: c${i}\nsteps: [\n`]),
    );
    await writeProject(dir.path, files);
    const expected = await cli(['validate', 'cases']);
    const run = start(['validate', 'cases']);
    run.child.stderr.pause();
    // Read stderr only once stdout's last line says validate is done and exiting (or it exited
    // without saying so: the assertions below then show what it wrote).
    await new Promise<void>((done) => {
      const check = () => {
        if (run.output().stdout.includes('Checked')) done();
      };
      run.child.stdout.on('data', check);
      run.child.on('exit', () => done());
      check();
    });
    run.child.stderr.resume();
    const code = await run.exited;

    expect(code).toBe(2);
    expect(Buffer.byteLength(expected.stderr)).toBeGreaterThan(65_536);
    expect(run.output().stderr).toBe(expected.stderr);
  });
});
