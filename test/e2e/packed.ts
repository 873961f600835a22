import { watch } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './helpers.ts';
import { run } from './packed-project.ts';

/** Baton's tarball as `npm pack` made it, and the files it holds. */
export interface Packed {
  readonly tarball: string;
  readonly files: readonly string[];
}

let packed: Promise<Packed> | undefined;

/**
 * Baton packed once per test run (the build of this run: the tarball is what `npm publish` would
 * upload). The first caller across all workers takes a lock folder and packs; the others
 * wait for its result file. Outside vitest's setup (one file run alone) it packs into a temp folder.
 */
export function packedBaton(): Promise<Packed> {
  packed ??= packOnce();
  return packed;
}

async function packOnce(): Promise<Packed> {
  const shared = process.env.BATON_TEST_PACK_DIR;
  const dir = shared ?? (await mkdtemp(join(tmpdir(), 'baton-pack-')));
  const result = join(dir, 'packed.json');
  try {
    await mkdir(join(dir, 'lock'));
  } catch {
    return waitForResult(dir, result);
  }
  // The tests' setup built dist/ for this run: packing must not build it again under the CLI
  // other tests are running (`prepack` would remove dist/ first).
  const built = process.env.BATON_TEST_BUILT === '1' ? ['--ignore-scripts'] : [];
  const pack = await run('npm', ['pack', '--json', ...built, '--pack-destination', dir], REPO);
  const outcome =
    pack.code === 0
      ? (() => {
          const [info] = JSON.parse(pack.stdout) as {
            filename: string;
            files: { path: string }[];
          }[];
          return { tarball: join(dir, info!.filename), files: info!.files.map((f) => f.path) };
        })()
      : { error: `npm pack failed:\n${pack.stderr}` };
  // Written whole under another name, then renamed: a waiting worker never reads half a file.
  await writeFile(`${result}.tmp`, JSON.stringify(outcome));
  await rename(`${result}.tmp`, result);
  return unpack(outcome);
}

function unpack(outcome: Packed | { error: string }): Packed {
  if ('error' in outcome) throw new Error(outcome.error);
  return outcome;
}

/** Waits for the packing worker's result file: an event from the folder, never a timed poll. */
function waitForResult(dir: string, result: string): Promise<Packed> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dir);
    const check = () => {
      readFile(result, 'utf8').then(
        (text) => {
          watcher.close();
          try {
            resolve(unpack(JSON.parse(text)));
          } catch (error) {
            reject(error);
          }
        },
        () => {}, // not written yet: the next event tells
      );
    };
    watcher.on('change', check);
    watcher.on('error', reject);
    check();
  });
}
