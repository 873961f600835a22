import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { BatonError } from '../errors.ts';

/** What is wrong with a trace file as a whole, and how to fix it. */
export interface TraceFileDefect {
  readonly code: 'file.not_found' | 'file.unreadable';
  readonly why: string;
  readonly fix: string;
}

/**
 * A trace file Baton cannot read at all (missing, a folder, compressed, UTF-16): one line,
 * `<file>: <why>. Fix: <how>`, never the bare `ENOENT` of the file system.
 */
export class TraceFileError extends BatonError {
  constructor(
    readonly file: string,
    readonly defect: TraceFileDefect,
    shown = shownPath(file),
  ) {
    super(defect.code, defectLine(shown, defect));
  }
}

/** `<file>: <why>. Fix: <how>`. */
export function defectLine(shown: string, defect: TraceFileDefect): string {
  return `${shown}: ${defect.why}. Fix: ${defect.fix}`;
}

/**
 * What keeps Baton from opening this trace file (missing, a folder, not readable), found
 * before a long read starts; undefined for a file it can open. Pipes pass (`<(gunzip -c …)`).
 */
export async function traceFileDefect(
  file: string,
  shown: string,
): Promise<TraceFileDefect | undefined> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) return openDefect({ code: 'EISDIR' }, shown);
    await access(file, constants.R_OK);
    return undefined;
  } catch (error) {
    return openDefect(error, shown);
  }
}

/** The UTF-8 byte-order mark some editors and Windows tools write at a file's start. */
export const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** Why the first bytes of a file are not OTLP/JSON text Baton can read; pure. */
export function encodingDefect(head: Uint8Array, shown: string): TraceFileDefect | undefined {
  const starts = (...bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts(0x1f, 0x8b))
    return {
      code: 'file.unreadable',
      why: 'this file is gzip-compressed, and Baton reads OTLP/JSON text',
      fix: `decompress it first (gunzip -k ${shown}) and pass the file gunzip writes`,
    };
  if (starts(0x28, 0xb5, 0x2f, 0xfd))
    return {
      code: 'file.unreadable',
      why: 'this file is zstd-compressed (a Collector file exporter with `compression: zstd`), and Baton reads OTLP/JSON text',
      fix: `decompress it first (zstd -d ${shown}), or export without compression`,
    };
  if (starts(0xff, 0xfe) || starts(0xfe, 0xff))
    return {
      code: 'file.unreadable',
      why: 'this file is UTF-16 text (a PowerShell `>` redirect writes it), and OTLP/JSON is UTF-8',
      fix: 'save it as UTF-8 (in PowerShell: `| Out-File -Encoding utf8`)',
    };
  return undefined;
}

/** A failed open or read of a trace file, in words; pure. */
export function openDefect(error: unknown, shown: string): TraceFileDefect {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT')
    return {
      code: 'file.not_found',
      why: 'no such file',
      fix: 'check the path (relative to the current folder on the command line, to the file that names it in a suite or case)',
    };
  if (code === 'EISDIR')
    return {
      code: 'file.unreadable',
      why: 'a folder, not a trace file',
      fix: `pass the trace files in it (${shown.replace(/\/+$/, '')}/*.jsonl)`,
    };
  if (code === 'EACCES' || code === 'EPERM')
    return {
      code: 'file.unreadable',
      why: 'Baton may not read this file',
      fix: 'give the user running Baton read permission on it',
    };
  return {
    code: 'file.unreadable',
    why: `the file could not be read (${code ?? 'unknown error'})`,
    fix: 'check that it is a readable file and run again',
  };
}

/** A path as messages show it: relative to the working folder when it is inside it. */
export function shownPath(file: string, cwd = process.cwd()): string {
  if (!isAbsolute(file)) return file;
  const rel = relative(cwd, file);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}
