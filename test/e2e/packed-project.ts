import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO } from './helpers.ts';

/** A finished command: exit code (null when killed), output. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command as a user's shell would: without this test run's npm, Node and CI settings. */
export function run(command: string, args: readonly string[], cwd: string, timeout = 300_000) {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  for (const key of Object.keys(env))
    if (/^npm_(package|lifecycle|config_(save|omit|include))/.test(key)) delete env[key];
  for (const key of ['NODE_OPTIONS', 'FORCE_COLOR', 'GITHUB_ACTIONS', 'GITHUB_STEP_SUMMARY', 'CI'])
    delete env[key];
  return new Promise<Run>((resolve) => {
    execFile(
      command,
      [...args],
      { cwd, env, timeout, maxBuffer: 1 << 26 },
      (error, stdout, stderr) =>
        resolve({
          code: error === null ? 0 : typeof error.code === 'number' ? error.code : null,
          stdout,
          stderr,
        }),
    );
  });
}

interface LockEntry {
  readonly version?: string;
  readonly [key: string]: unknown;
}

/** Baton's own lock: the versions a project installed offline must pin. */
export interface Lock {
  readonly packages: Record<string, LockEntry>;
}

/** Baton's lock, read from the repository. */
export async function batonLock(): Promise<Lock> {
  return JSON.parse(await readFile(join(REPO, 'package-lock.json'), 'utf8')) as Lock;
}

/**
 * Writes a project's package.json and a lock derived from Baton's, with Baton itself from
 * `tarball`. `npm install --offline` then finds every package in the cache `npm ci` filled, which
 * holds tarballs but not the registry documents a lockless install would need.
 */
export async function writeProject(
  dir: string,
  pkg: { readonly name: string; readonly version: string; readonly [key: string]: unknown },
  tarball: string,
): Promise<void> {
  const lock = await batonLock();
  const baton = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  const packages: Record<string, unknown> = { '': pkg };
  for (const [path, entry] of Object.entries(lock.packages))
    if (path !== '') packages[path] = entry;
  packages['node_modules/baton-handoffs'] = {
    version: baton.version,
    resolved: `file:${tarball}`,
    dev: true,
    license: baton.license,
    dependencies: baton.dependencies,
    peerDependencies: baton.peerDependencies,
    peerDependenciesMeta: baton.peerDependenciesMeta,
    bin: baton.bin,
    engines: baton.engines,
  };
  const projectLock = {
    name: pkg.name,
    version: pkg.version,
    lockfileVersion: 3,
    requires: true,
    packages,
  };
  await writeFile(join(dir, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  await writeFile(join(dir, 'package-lock.json'), `${JSON.stringify(projectLock, null, 2)}\n`);
}
