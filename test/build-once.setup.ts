import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** The repository root (the setup runs before any test, without the tests' helpers). */
const REPO = fileURLToPath(new URL('..', import.meta.url));

/**
 * Once per `vitest run` of the tests that start Baton as a process: builds dist/ from the
 * sources as they are now, so the end-to-end tests run the CLI a user installs (dist/cli/bin.js,
 * which starts without compiling Baton) and never a stale build; and makes one folder shared by
 * every test worker (they inherit the variables), where the first test that needs Baton's
 * tarball packs that build and the others wait for it (test/e2e/packed.ts).
 */
export default async function setup(): Promise<() => Promise<void>> {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  try {
    await promisify(execFile)(npm, ['run', 'build'], { cwd: REPO, maxBuffer: 1 << 26 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`npm run build failed before the tests:\n${stdout}${stderr}`);
  }
  process.env.BATON_TEST_BUILT = '1';
  const dir = await mkdtemp(join(tmpdir(), 'baton-pack-'));
  process.env.BATON_TEST_PACK_DIR = dir;
  return () => rm(dir, { recursive: true, force: true });
}
