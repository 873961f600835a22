import { cp, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO, tempDir } from '../e2e/helpers.ts';
import { batonLock, type Run, run, writeProject } from '../e2e/packed-project.ts';

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
  const lock = await batonLock();
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
  await writeProject(dir.path, pkg, tarball);
  const install = await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], dir.path);
  return { path: dir.path, install, remove: dir.remove };
}
