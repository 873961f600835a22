import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { CLI, REPO, tempDir } from './helpers.ts';

const IMPLEMENTATION = `
import { defineImplementation } from '${REPO}src/adapters/module/implementation.ts';
import { emitHandoff, withAgentTurn } from '${REPO}src/public/conventions.ts';

export default defineImplementation(() => ({
  startCase: (info) => ({
    async handle(step) {
      const to = step.kind === 'signal' ? step.values.route : undefined;
      await withAgentTurn(info.entry, async () => {
        if (typeof to === 'string') emitHandoff({ from: info.entry, to, reason: 'routed' });
      });
    },
  }),
}));
`;

function caseFile(id: string, expected: string): string {
  return `id: ${id}
title: ${id} goes to ${expected}
source: written for the watch test
participants: { agents: [triage, refunds, billing] }
steps:
  - signal: { route: refunds }
expect:
  handoffs:
    - { from: triage, to: ${expected}, at: 0 }
`;
}

const SUITE = `name: watched
cases: { include: [cases/*.yaml] }
adapter: { type: module, path: app/router.ts }
gates: [{ metric: pass_rate, min: 1 }]
`;

/** Collects a process's output and resolves when a text appears after a given point. */
function output(child: ChildProcess) {
  let text = '';
  const waiters: { from: number; marker: string; done: (at: number) => void }[] = [];
  const check = () => {
    for (const w of [...waiters]) {
      const at = text.indexOf(w.marker, w.from);
      if (at >= 0) {
        waiters.splice(waiters.indexOf(w), 1);
        w.done(at + w.marker.length);
      }
    }
  };
  child.stdout?.on('data', (d) => {
    text += String(d);
    check();
  });
  child.stderr?.on('data', (d) => {
    text += String(d);
    check();
  });
  return {
    text: () => text,
    /** Resolves with the index just past `marker`, once it appears at or after `from`. */
    after: (marker: string, from = 0) =>
      new Promise<number>((done) => {
        waiters.push({ from, marker, done });
        check();
      }),
  };
}

describe('baton run --watch', () => {
  let child: ChildProcess | undefined;
  let cleanup: (() => Promise<void>) | undefined;

  afterEach(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child?.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    await cleanup?.();
  });

  /** A project of the suite and these files, removed after the test. */
  async function project(files: Record<string, string>) {
    const dir = await tempDir();
    cleanup = dir.remove;
    const all = { ...files, 'suite.yaml': SUITE, 'package.json': '{ "type": "module" }\n' };
    for (const [path, text] of Object.entries(all)) {
      await mkdir(join(dir.path, path, '..'), { recursive: true });
      await writeFile(join(dir.path, path), text);
    }
    return dir;
  }

  /** `baton run suite.yaml --watch` in `cwd`, its output collected. */
  function watching(cwd: string) {
    child = spawn(
      process.execPath,
      [...CLI, 'run', 'suite.yaml', '--watch', '--reporter', 'console'],
      { cwd, env: { ...process.env, NO_COLOR: '1', CI: 'true' } },
    );
    return output(child);
  }

  test('re-runs the changed case alone, and every case when the implementation changes', async () => {
    const dir = await project({
      'app/router.ts': IMPLEMENTATION,
      'cases/a.yaml': caseFile('case-a', 'refunds'),
      'cases/b.yaml': caseFile('case-b', 'refunds'),
    });
    const out = watching(dir.path);
    const first = await out.after('Press Ctrl-C to stop.');
    expect(out.text()).toMatch(/PASS {2}2 cases · 2 passed/);

    await writeFile(join(dir.path, 'cases/b.yaml'), caseFile('case-b', 'billing'));
    const caseRun = await out.after('cases/b.yaml changed: re-running case-b', first);
    const caseDone = await out.after('Press Ctrl-C to stop.', caseRun);
    const rerun = out.text().slice(caseRun, caseDone);
    expect(rerun).toMatch(/FAIL {2}1 case · 0 passed · 1 failed/);
    expect(rerun).toContain('✗ FAIL  case-b');
    expect(rerun).not.toContain('case-a');

    await writeFile(join(dir.path, 'app/router.ts'), `${IMPLEMENTATION}\n// edited\n`);
    const suiteRun = await out.after('app/router.ts changed: re-running every case', caseDone);
    const suiteDone = await out.after('Press Ctrl-C to stop.', suiteRun);
    expect(out.text().slice(suiteRun, suiteDone)).toMatch(/FAIL {2}2 cases · 1 passed · 1 failed/);
  });

  test('re-runs every case when the app the adapter imports from another folder changes', async () => {
    const route = (to: string) => `export const route = () => '${to}';\n`;
    const dir = await project({
      'src/route.ts': route('refunds'),
      'app/router.ts': IMPLEMENTATION.replace(
        'step.values.route : undefined',
        'route() : undefined',
      ).replace('export default', "import { route } from '../src/route.ts';\nexport default"),
      'cases/a.yaml': caseFile('case-a', 'refunds'),
    });
    const out = watching(dir.path);
    const first = await out.after('Press Ctrl-C to stop.');
    expect(out.text()).toMatch(/PASS {2}1 case · 1 passed/);

    await writeFile(join(dir.path, 'src/route.ts'), route('billing'));
    const rerun = await out.after('src/route.ts changed: re-running every case', first);
    const done = await out.after('Press Ctrl-C to stop.', rerun);
    expect(out.text().slice(rerun, done)).toMatch(/FAIL {2}1 case · 0 passed · 1 failed/);
  });
});
