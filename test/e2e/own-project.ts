import { execFile } from 'node:child_process';
import { cp, mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO, tempDir } from './helpers.ts';

/** Package scopes a project gets its own copy of: the agent frameworks. */
const OWN_SCOPES = new Set(['@openai', '@langchain']);

/**
 * A project of a team's own, in a temporary folder: `source` (a fixture folder) copied in, a
 * `package.json` of its own, and its own `node_modules` holding its own copy of the agent
 * frameworks (`@openai/*`, `@langchain/*`: files linked, not shared folders, so Node loads them
 * as separate packages from Baton's). Every other package is a symlink to Baton's install, and
 * Baton itself is installed as `baton-handoffs` by a symlink to this repository — what
 * `npm i ../baton` (a `file:` install) makes. Two copies of each SDK are then loaded.
 */
export async function ownProject(
  source: string,
): Promise<{ path: string; remove: () => Promise<void> }> {
  const dir = await tempDir();
  await cp(join(REPO, source), dir.path, { recursive: true });
  await writeFile(
    join(dir.path, 'package.json'),
    `${JSON.stringify({ name: 'support-desk', private: true, type: 'module' }, null, 2)}\n`,
  );
  const modules = join(dir.path, 'node_modules');
  await mkdir(modules);
  const baton = join(REPO, 'node_modules');
  for (const entry of await readdir(baton)) {
    if (entry.startsWith('.')) continue;
    if (!entry.startsWith('@')) {
      await symlink(join(baton, entry), join(modules, entry));
      continue;
    }
    await mkdir(join(modules, entry));
    for (const pkg of await readdir(join(baton, entry))) {
      const from = join(baton, entry, pkg);
      const to = join(modules, entry, pkg);
      if (OWN_SCOPES.has(entry)) await copyPackage(from, to);
      else await symlink(from, to);
    }
  }
  await symlink(REPO, join(modules, 'baton-handoffs'));
  return dir;
}

/** A package folder of its own: hard links where the file system allows (fast), else a copy. */
async function copyPackage(from: string, to: string): Promise<void> {
  try {
    await promisify(execFile)('cp', ['-al', from, to]);
  } catch {
    await cp(from, to, { recursive: true });
  }
}
