import { execFile } from 'node:child_process';
import { cp, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO, tempDir } from '../e2e/helpers.ts';

/** A finished command: exit code (null when killed), output. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command as a user's shell would: without this test run's npm and Node settings. */
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

/**
 * Baton as a project installs it: the tarball `npm pack` makes (what `npm publish` would upload),
 * written into `dir`. Returns the tarball's path.
 */
export async function packBaton(dir: string): Promise<string> {
  const pack = await run('npm', ['pack', '--json', '--pack-destination', dir], REPO);
  if (pack.code !== 0) throw new Error(`npm pack failed:\n${pack.stderr}`);
  const [packed] = JSON.parse(pack.stdout) as { filename: string }[];
  if (!packed) throw new Error(`npm pack wrote nothing:\n${pack.stdout}`);
  return join(dir, packed.filename);
}

interface LockEntry {
  readonly version?: string;
  readonly [key: string]: unknown;
}
interface Lock {
  readonly packages: Record<string, LockEntry>;
}
interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly dependencies?: Record<string, string>;
  readonly devDependencies?: Record<string, string>;
  readonly [key: string]: unknown;
}

/** A third-party system copied into its own folder and installed there. */
export interface InstalledSystem {
  readonly path: string;
  readonly install: Run;
  remove(): Promise<void>;
}

/**
 * Copies test/third-party/<system> into a fresh folder and installs it offline: its own
 * framework packages (pinned in its package.json, which must agree with Baton's lock) and Baton
 * from `tarball`. The project gets a lock derived from Baton's, because the npm cache `npm ci`
 * filled holds tarballs but not the registry documents a lockless install would need.
 */
export async function installSystem(system: string, tarball: string): Promise<InstalledSystem> {
  const dir = await tempDir();
  await cp(join(REPO, 'test/third-party', system), dir.path, {
    recursive: true,
    filter: (src) => !/[/\\](node_modules|reports)$/.test(src),
  });
  const lock = JSON.parse(await readFile(join(REPO, 'package-lock.json'), 'utf8')) as Lock;
  const baton = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')) as Manifest;
  const manifest = JSON.parse(await readFile(join(dir.path, 'package.json'), 'utf8')) as Manifest;
  for (const [name, version] of Object.entries(manifest.dependencies ?? {})) {
    const locked = lock.packages[`node_modules/${name}`]?.version;
    if (locked !== version)
      throw new Error(
        `${system}/package.json pins ${name}@${version}, but Baton's lock has ${locked ?? 'none'}: pin the version Baton is tested with`,
      );
  }
  const pkg = {
    ...manifest,
    devDependencies: { ...manifest.devDependencies, 'baton-handoffs': `file:${tarball}` },
  };
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
  await writeFile(join(dir.path, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  await writeFile(join(dir.path, 'package-lock.json'), `${JSON.stringify(projectLock, null, 2)}\n`);
  const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], dir.path);
  return { path: dir.path, install, remove: dir.remove };
}
