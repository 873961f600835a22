import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { RunInfo } from '../model/report.ts';

/** What a run was asked to leave out: `--case`, `--tag`, `--property`, `--path`, `--shard`. */
export interface RunSelection {
  readonly cases?: readonly string[];
  readonly tags?: readonly string[];
  readonly property?: string;
  readonly path?: string;
  readonly shard?: { readonly index: number; readonly total: number };
}

let version: Promise<string> | undefined;

/** Baton's own version, from its package.json. */
export function batonVersion(): Promise<string> {
  version ??= readFile(new URL('../../package.json', import.meta.url), 'utf8')
    .then((text) => String(JSON.parse(text).version ?? 'unknown'))
    .catch(() => 'unknown');
  return version;
}

function git(args: readonly string[], cwd: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', [...args], { cwd, timeout: 10_000 }, (error, stdout) =>
      resolve(error ? undefined : stdout.trim()),
    );
  });
}

/** The commit checked out in `cwd` and whether tracked files differ from it; none outside git. */
async function gitState(cwd: string): Promise<RunInfo['git']> {
  const commit = await git(['rev-parse', 'HEAD'], cwd);
  if (commit === undefined || !/^[0-9a-f]{40,64}$/.test(commit)) return undefined;
  const changes = await git(['status', '--porcelain', '--untracked-files=no'], cwd);
  return { commit, dirty: changes !== undefined && changes !== '' };
}

// Started before a run and taken by its report, so the git processes overlap the run itself.
const prefetched = new Map<string, Promise<RunInfo['git']>>();

/** Starts reading the repository's state for the report of the run about to start in `cwd`. */
export function prefetchRunInfo(cwd: string): void {
  prefetched.set(cwd, gitState(cwd));
}

function takeGitState(cwd: string): Promise<RunInfo['git']> {
  const started = prefetched.get(cwd);
  prefetched.delete(cwd);
  return started ?? gitState(cwd);
}

/** True when the selection leaves cases of the suite out. */
export function isPartial(s: RunSelection): boolean {
  return [s.cases, s.tags, s.property, s.path, s.shard].some((v) => v !== undefined);
}

/** Versions, commit, filters, shard and seeds of a run, for report.json's `run` field. */
export async function runInfo(
  selection: RunSelection,
  cwd: string,
  propertySeed: number | undefined,
): Promise<RunInfo> {
  const [baton, repo] = await Promise.all([batonVersion(), takeGitState(cwd)]);
  const filters = {
    ...(selection.cases && { cases: selection.cases }),
    ...(selection.tags && { tags: selection.tags }),
    ...(selection.property !== undefined && { property: selection.property }),
    ...(selection.path !== undefined && { path: selection.path }),
  };
  return {
    baton,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    ...(repo && { git: repo }),
    ...(Object.keys(filters).length > 0 && { filters }),
    ...(selection.shard && { shard: selection.shard }),
    ...(propertySeed !== undefined && { seeds: { properties: propertySeed } }),
    partial: isPartial(selection),
  };
}
