import { closeSync, constants, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { type ReadOptions, readProblem, readUserBytesSync, refusal } from './files.ts';
import type { LoadResult } from './load-result.ts';

// Not following a link, and never waiting on a pipe that took a listed file's place.
const FLAGS =
  constants.O_NOFOLLOW === undefined
    ? undefined
    : constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * `readUserBytesSync` for a file its folder's listing showed as a regular file: opened at once,
 * not following links, and checked on the open file (kind, name, size), so a file read costs an
 * open, a stat, its reads and a close. A file that became a link since it was listed, and every
 * file where links cannot be refused at open (Windows), takes `readUserBytesSync`'s checks.
 */
export function readListedBytesSync(
  file: string,
  options: ReadOptions = {},
): LoadResult<Uint8Array> {
  if (FLAGS === undefined) return readUserBytesSync(file, options);
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return readUserBytesSync(file, options);
    return { ok: false, problems: [readProblem(file, error)] };
  }
  try {
    const info = fstatSync(fd);
    const kind = refusal(file, info, options);
    if (kind) return { ok: false, problems: [kind] };
    // A size of 0 may be a file whose size is known only once read: read it to its end.
    return { ok: true, value: info.size === 0 ? readFileSync(fd) : readAll(fd, info.size) };
  } catch (error) {
    return { ok: false, problems: [readProblem(file, error)] };
  } finally {
    closeSync(fd);
  }
}

/** The file's bytes, up to the size it had when opened (as `readFileSync` reads them). */
function readAll(fd: number, size: number): Uint8Array {
  const bytes = Buffer.allocUnsafe(size);
  let filled = 0;
  while (filled < size) {
    const read = readSync(fd, bytes, filled, size - filled, null);
    if (read === 0) break;
    filled += read;
  }
  return filled === size ? bytes : bytes.subarray(0, filled);
}
