import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO } from './helpers.ts';
import { batonLock, writeProject } from './packed-project.ts';

/** What a team's project holds beside Baton: its own SDKs, test runner and compiler. */
const OWN_PACKAGES = [
  '@openai/agents',
  '@langchain/core',
  '@langchain/langgraph',
  '@langchain/langgraph-swarm',
  'zod',
  'vitest',
  '@fast-check/vitest',
  'typescript',
  '@types/node',
];

/**
 * Lays out a fresh project in `dir` as `npm init -y` would (`"type": "commonjs"`), with Baton's
 * tarball and the project's own packages as devDependencies, and the apps, suites and tests of
 * test/fixtures/adoption. The lock pins every package to the version in Baton's own lock, so
 * `npm install --offline` finds each tarball in the cache that `npm ci` filled (that cache holds
 * tarballs, not the registry documents a lockless install would need).
 */
export async function layOutProject(dir: string, tarball: string): Promise<void> {
  const lock = await batonLock();
  const devDependencies: Record<string, string> = { 'baton-handoffs': `file:${tarball}` };
  for (const name of OWN_PACKAGES) {
    const version = lock.packages[`node_modules/${name}`]?.version;
    if (!version) throw new Error(`Baton's lock has no ${name}: add it to the devDependencies`);
    devDependencies[name] = version;
  }
  const pkg = { name: 'desk', version: '1.0.0', type: 'commonjs', license: 'ISC', devDependencies };
  await writeProject(dir, pkg, tarball);
  await cp(join(REPO, 'test/fixtures/adoption'), dir, { recursive: true });
}
