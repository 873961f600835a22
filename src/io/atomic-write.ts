import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { BatonError } from '../errors.ts';

/** Temp files still being written, so a signal handler can remove them before exiting. */
const pending = new Set<string>();

/**
 * Writes a file so a reader sees the old content or the new, never a part: the text goes to a
 * fresh temp file beside it (created exclusively, never through a symbolic link), is flushed
 * to disk, and is renamed over the target. A symbolic link at the target is replaced, not
 * followed, so a link planted in the report folder cannot redirect the write elsewhere. The text
 * may come in pieces (a report too large for one string), as strings or UTF-8 bytes.
 */
export async function writeFileAtomic(
  path: string,
  text: string | Iterable<string | Uint8Array>,
): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  pending.add(temp);
  let handle: FileHandle | undefined;
  try {
    const flags =
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
    handle = await open(temp, flags, 0o644);
    if (typeof text === 'string') await handle.writeFile(text, 'utf8');
    else await writePieces(handle, text);
    await handle.sync();
    await handle.close();
    handle = undefined;
    await rename(temp, path);
  } catch (error) {
    await handle?.close().catch(() => {});
    await unlink(temp).catch(() => {});
    // A piece that could not be made (a case that would not read back) is that error, not a
    // failed write: it names its own file and fix.
    throw error instanceof PieceFailed ? error.cause : writeError(path, error);
  } finally {
    pending.delete(temp);
  }
}

/** What making the next piece threw, told apart from what writing threw. */
class PieceFailed {
  constructor(readonly cause: unknown) {}
}

/** Pieces are gathered to about this many bytes a write. */
const WRITE_CHUNK = 1 << 20;

/** Strings are joined and encoded together; bytes are written as they are, in the same write. */
async function writePieces(
  handle: FileHandle,
  pieces: Iterable<string | Uint8Array>,
): Promise<void> {
  let chunks: Uint8Array[] = [];
  let strings: string[] = [];
  let size = 0;
  const encodeStrings = () => {
    if (strings.length > 0) chunks.push(Buffer.from(strings.join(''), 'utf8'));
    strings = [];
  };
  const write = async () => {
    encodeStrings();
    if (chunks.length > 0) await handle.writeFile(Buffer.concat(chunks));
    chunks = [];
    size = 0;
  };
  const next = pieces[Symbol.iterator]();
  let done = false;
  try {
    for (;;) {
      let step: IteratorResult<string | Uint8Array>;
      try {
        step = next.next();
      } catch (error) {
        done = true;
        throw new PieceFailed(error);
      }
      if (step.done) {
        done = true;
        break;
      }
      const piece = step.value;
      if (typeof piece === 'string') strings.push(piece);
      else {
        encodeStrings();
        chunks.push(piece);
      }
      size += piece.length;
      if (size >= WRITE_CHUNK) await write();
    }
  } finally {
    // A write that failed part-way closes the pieces, as a for-of loop would.
    if (!done) next.return?.();
  }
  await write();
}

/** Removes temp files of writes cut short (by a second signal); never throws. */
export function removePendingTemps(remove: (path: string) => void): void {
  for (const temp of pending) {
    try {
      remove(temp);
    } catch {
      // Already gone, or never created.
    }
  }
}

/** A failed write as a usage error naming the file, why, and what to do. */
export function writeError(path: string, error: unknown, what = path): BatonError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? 'unknown error';
  const why = WHY[code] ?? `the system said ${code}`;
  return new BatonError(
    'usage',
    `Failed to write ${what}: ${why}. Pass --out (or the suite's reports.dir) a folder Baton may create and write files in.`,
  );
}

const WHY: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'the operation is not permitted there',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOENT: 'the folder does not exist or cannot hold files',
  ENOTDIR: 'a file is in the way of the folder',
  EISDIR: 'a folder is in the way of the file',
  EEXIST: 'a file is in the way',
  ELOOP: 'a symbolic link is in the way',
  EINVAL: 'this folder cannot hold files',
};
