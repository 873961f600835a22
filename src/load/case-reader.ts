import { readUserBytes, readUserBytesSync } from './files.ts';
import type { LoadResult } from './load-result.ts';
import { readListedBytesSync } from './read-listed.ts';

/** Reads one case file's bytes: a problem (missing, refused) instead of a throw. */
export type ReadCaseBytes = (file: string) => Promise<LoadResult<Uint8Array>>;

const CASE_FILE = { caseFile: true } as const;
/** A read slower than this is not a local disk's. */
const SLOW_READ_MS = 1;
/** Reads timed before choosing, and how many of them must be slow to switch. */
const SAMPLE = 16;
/** In-line reads leave the event loop a turn this often (signals, progress, child processes). */
const TURN_MS = 20;

/**
 * Reads case files in line while the disk answers in microseconds (the asynchronous form costs
 * tens of microseconds of round trips a file, more than parsing it); once most of the first
 * reads are slow (a network mount), the rest go through the thread pool so that many are in
 * flight at once. Every read gets the same checks and problems either way. Files in `listed`
 * (regular files, as their folder's listing showed them) are opened without a `stat` first.
 */
export function caseFileReader(listed: ReadonlySet<string> = new Set()): ReadCaseBytes {
  let timed = 0;
  let slow = 0;
  let turnAt = performance.now();
  const inBackground = () => timed >= SAMPLE && slow * 2 > timed;
  return async (file) => {
    if (inBackground()) return readUserBytes(file, CASE_FILE);
    if (performance.now() - turnAt > TURN_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      turnAt = performance.now();
    }
    const started = timed < SAMPLE ? performance.now() : 0;
    const bytes = listed.has(file)
      ? readListedBytesSync(file, CASE_FILE)
      : readUserBytesSync(file, CASE_FILE);
    if (timed < SAMPLE) {
      timed++;
      if (performance.now() - started > SLOW_READ_MS) slow++;
    }
    return bytes;
  };
}
