import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * One folder per `vitest run`, shared by every test worker (they inherit the variable): the first
 * test that needs Baton's tarball packs it there, the others wait for it (test/e2e/packed.ts).
 * Packing runs the build, which replaces dist/, so it must happen once, not once per test file.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'baton-pack-'));
  process.env.BATON_TEST_PACK_DIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
