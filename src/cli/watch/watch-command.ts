import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CliIo, EXIT } from '../io.ts';
import { printProblems } from '../print-problems.ts';
import { type RunFlags, suitesToRun } from '../run-command.ts';
import { foldersToWatch, planRerun, type Rerun } from './plan-rerun.ts';
import { type ScanResult, scanSuite } from './watch-targets.ts';

/** What watch mode needs from the outside world; tests pass their own. */
export interface WatchDeps {
  /** Runs `baton <args>` in a fresh process (a changed implementation is imported anew). */
  run(args: readonly string[]): Promise<number>;
  watch(folder: string, recursive: boolean, onChange: (path: string) => void): { close(): void };
  /** Resolves when the user stops watching (Ctrl-C). */
  readonly stopped: Promise<void>;
}

/** Quiet time after the last file event before a re-run: an editor's save is several events. */
const SETTLE_MS = 150;

function defaultDeps(io: CliIo): WatchDeps {
  const bin = process.argv[1] ?? fileURLToPath(new URL('../../../bin/baton.mjs', import.meta.url));
  return {
    run: (args) =>
      new Promise((done) => {
        const child = spawn(process.execPath, [bin, ...args], { cwd: io.cwd, stdio: 'inherit' });
        child.on('exit', (code) => done(code ?? EXIT.usage));
        child.on('error', () => done(EXIT.usage));
      }),
    watch: (folder, recursive, onChange) =>
      watch(folder, { recursive }, (_event, name) => {
        if (name) onChange(resolve(folder, name.toString()));
      }),
    stopped: new Promise((done) => {
      process.once('SIGINT', done);
      process.once('SIGTERM', done);
    }),
  };
}

/** The flags a re-run keeps (the case filter is replaced by the affected cases). */
function passthrough(flags: RunFlags): string[] {
  return [
    ...(flags.reporter ? ['--reporter', flags.reporter.join(',')] : []),
    ...(flags.out ? ['--out', flags.out] : []),
    ...(flags.repeat !== undefined ? ['--repeat', String(flags.repeat)] : []),
    ...(flags.concurrency !== undefined ? ['--concurrency', String(flags.concurrency)] : []),
    ...(flags.tag ? ['--tag', ...flags.tag] : []),
    ...(flags.verbose ? ['--verbose'] : []),
    ...(flags.color === false ? ['--no-color'] : []),
  ];
}

function describe(plan: Rerun, cwd: string, suite: string): string {
  const shown = (p: string) => relative(cwd, p) || p;
  if (plan.kind === 'suite')
    return `${shown(plan.because)} changed: re-running every case of ${suite}`;
  if (plan.kind === 'cases') {
    const files = plan.because.split(', ').map(shown).join(', ');
    return `${files} changed: re-running ${plan.ids.join(', ')}`;
  }
  return '';
}

/**
 * `baton run --watch`: runs the suites, then re-runs what a change affects — the case whose
 * file changed, or every case when the suite or the implementation changed — until Ctrl-C.
 */
export async function watchCommand(
  suitePaths: readonly string[],
  flags: RunFlags,
  io: CliIo,
  deps: WatchDeps = defaultDeps(io),
): Promise<number> {
  const suites = suitesToRun(suitePaths, io);
  const base = passthrough(flags);
  const filters = {
    ...(flags.case && { caseIds: [...flags.case] }),
    ...(flags.tag && { tags: [...flags.tag] }),
  };
  const scan = () => Promise.all(suites.map((s) => scanSuite(s, io.cwd, filters, flags.out)));
  for (const s of suites)
    await deps.run(['run', s, ...base, ...(flags.case ? ['--case', ...flags.case] : [])]);
  let watchers: { close(): void }[] = [];
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let queue = Promise.resolve();
  const rewatch = (scans: readonly ScanResult[]) => {
    for (const w of watchers) w.close();
    watchers = [];
    const folders = new Map<string, boolean>();
    for (const s of scans) {
      if (!s.ok) continue;
      for (const f of foldersToWatch(s.targets))
        folders.set(f.path, (folders.get(f.path) ?? false) || f.recursive);
    }
    for (const [folder, recursive] of folders) {
      try {
        watchers.push(deps.watch(folder, recursive, onChange));
      } catch {
        // A folder removed since the scan: the next scan no longer names it.
      }
    }
    io.stdout(
      `\nWatching ${folders.size} ${folders.size === 1 ? 'folder' : 'folders'} for changes to ${suites.join(', ')}, its cases and implementation. Press Ctrl-C to stop.\n`,
    );
  };
  const rerun = async () => {
    const changed = [...pending];
    pending.clear();
    const scans = await scan();
    for (const [i, s] of scans.entries()) {
      const suite = suites[i] as string;
      if (!s.ok) {
        if (changed.includes(resolve(io.cwd, suite))) printProblems(io, s.problems);
        continue;
      }
      const plan = planRerun(changed, s.targets);
      if (plan.kind === 'none') continue;
      if (plan.kind === 'broken') {
        printProblems(
          io,
          plan.files.flatMap((f) => s.targets.broken.get(f) ?? []),
        );
        continue;
      }
      io.stdout(`\n${describe(plan, io.cwd, suite)}\n`);
      const only =
        plan.kind === 'cases'
          ? ['--case', ...plan.ids]
          : flags.case
            ? ['--case', ...flags.case]
            : [];
      await deps.run(['run', suite, ...base, ...only]);
    }
    rewatch(scans);
  };
  function onChange(path: string) {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(() => {
      queue = queue.then(rerun).catch((error: unknown) => {
        io.stderr(`baton: watch could not re-run: ${(error as Error).message ?? error}\n`);
      });
    }, SETTLE_MS);
  }
  rewatch(await scan());
  await deps.stopped;
  clearTimeout(timer);
  for (const w of watchers) w.close();
  await queue;
  return EXIT.ok;
}
