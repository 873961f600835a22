import {
  lstat as lstatCb,
  lstatSync,
  readFile as readFileCb,
  readFileSync,
  realpathSync,
  type Stats,
  stat as statCb,
  statSync,
} from 'node:fs';
import { extname, isAbsolute, relative } from 'node:path';
import { promisify } from 'node:util';
import type { FileProblem } from '../errors.ts';
import { decodeText } from './decode-text.ts';
import type { DataPath, LoadResult } from './load-result.ts';
import { readPolicy } from './read-policy.ts';
import { fileSay } from './wording.ts';
import { type Position, parseYaml } from './yaml-document.ts';

// The callback forms: fs/promises costs several times more per small file (a FileHandle, a
// promise per read), and a suite may read 100,000 case files.
const lstat = promisify(lstatCb);
const stat = promisify(statCb);
const readFile = promisify(readFileCb);

/** Case and suite files larger than this are refused before they are read. */
export const MAX_YAML_BYTES = 8 * 1024 * 1024;
/** A case file read by a suite's globs may hold many cases (a YAML stream, JSON lines). */
export const MAX_CASE_FILE_BYTES = 256 * 1024 * 1024;

const YAML_EXTENSIONS = new Set(['.yaml', '.yml']);
/** Case files may also be JSON lines, one case a line. */
const CASE_EXTENSIONS = new Set([...YAML_EXTENSIONS, '.jsonl', '.ndjson']);

/**
 * Reads a user's YAML file; a missing, unreadable, oversized or non-YAML file is a problem with
 * a fix, never a throw and never a hang: folders, pipes and devices are refused before opening,
 * and (unless `anyName`) a file whose name does not end in .yaml/.yml is not read at all, so a
 * glob or path that strays onto another file never echoes its contents into a report.
 */
export async function readUserFile(
  file: string,
  options: ReadOptions = {},
): Promise<LoadResult<string>> {
  const bytes = await readUserBytes(file, options);
  return bytes.ok ? decodedText(file, bytes.value) : bytes;
}

/** `readUserFile` without decoding: the file's bytes, after the same checks. */
export async function readUserBytes(
  file: string,
  options: ReadOptions = {},
): Promise<LoadResult<Uint8Array>> {
  let info: Stats;
  try {
    info = await lstat(file);
    if (info.isSymbolicLink()) {
      const strayed = strayLink(file);
      if (strayed) return { ok: false, problems: [strayed] };
      info = await stat(file);
    }
  } catch (error) {
    return { ok: false, problems: [readProblem(file, error)] };
  }
  const kind = refusal(file, info, options);
  if (kind) return { ok: false, problems: [kind] };
  try {
    return { ok: true, value: await readFile(file) };
  } catch (error) {
    return { ok: false, problems: [readProblem(file, error)] };
  }
}

/**
 * `readUserFile` in line: the same checks and problems, a few microseconds a small file on a
 * local disk where the asynchronous form spends tens on its round trips to the thread pool.
 */
export function readUserFileSync(file: string, options: ReadOptions = {}): LoadResult<string> {
  const bytes = readUserBytesSync(file, options);
  return bytes.ok ? decodedText(file, bytes.value) : bytes;
}

/** `readUserFileSync` without decoding: the file's bytes, after the same checks. */
export function readUserBytesSync(file: string, options: ReadOptions = {}): LoadResult<Uint8Array> {
  let info: Stats;
  try {
    info = lstatSync(file);
    if (info.isSymbolicLink()) {
      const strayed = strayLink(file);
      if (strayed) return { ok: false, problems: [strayed] };
      info = statSync(file);
    }
  } catch (error) {
    return { ok: false, problems: [readProblem(file, error)] };
  }
  const kind = refusal(file, info, options);
  if (kind) return { ok: false, problems: [kind] };
  try {
    return { ok: true, value: readFileSync(file) };
  } catch (error) {
    return { ok: false, problems: [readProblem(file, error)] };
  }
}

/**
 * `anyName`: read whatever the file is called; `caseFile`: JSON-lines names count too, and the
 * file may be as large as a file of many cases is.
 */
export interface ReadOptions {
  readonly anyName?: boolean;
  readonly caseFile?: boolean;
}

/** A file's bytes as text, or a problem naming the line of the first byte that is not UTF-8. */
export function decodedText(file: string, bytes: Uint8Array): LoadResult<string> {
  const text = decodeText(bytes);
  if (text.ok) return { ok: true, value: text.text };
  const problem = { file, line: text.line, path: '', message: fileSay.notUtf8 };
  return { ok: false, problems: [{ ...problem, fix: fileSay.notUtf8Fix }] };
}

/** A symbolic link out of the project (to /etc/passwd, say) is not followed. */
function strayLink(file: string): FileProblem | undefined {
  const policy = readPolicy(file);
  if (policy.allows(file)) return undefined;
  return {
    file,
    path: '',
    message: `a symbolic link to ${realpathSync.native(file)}, outside the project (${policy.roots[0]}), so Baton did not read it`,
    fix: 'copy the file into the project, or link to a file inside it',
  };
}

/** Why a file is not read (a folder, a pipe, a wrong name, too large), or undefined. */
export function refusal(file: string, info: Stats, options: ReadOptions): FileProblem | undefined {
  const names = options.caseFile ? CASE_EXTENSIONS : YAML_EXTENSIONS;
  const anyName = options.anyName ?? false;
  if (info.isDirectory())
    return { file, path: '', message: fileSay.isFolder, fix: fileSay.isFolderFix };
  if (!info.isFile())
    return {
      file,
      path: '',
      message: fileSay.notRegular(kindOf(info)),
      fix: fileSay.notRegularFix,
    };
  if (!anyName && !names.has(extname(file).toLowerCase()))
    return { file, path: '', message: fileSay.notYaml, fix: fileSay.notYamlFix };
  const limit = options.caseFile ? MAX_CASE_FILE_BYTES : MAX_YAML_BYTES;
  if (info.size > limit) {
    const message = fileSay.tooLarge(info.size, limit);
    return { file, path: '', message, fix: fileSay.tooLargeFix };
  }
  return undefined;
}

/** What a path that is not a regular file is, in words. */
export function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return 'something that is not a regular file';
}

/** A failed open, stat or read, in words. */
export function readProblem(file: string, error: unknown): FileProblem {
  const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
  if (code === 'ENOENT')
    return { file, path: '', message: fileSay.notFound, fix: fileSay.notFoundFix };
  if (code === 'EISDIR')
    return { file, path: '', message: fileSay.isFolder, fix: fileSay.isFolderFix };
  return { file, path: '', message: fileSay.unreadable(code), fix: fileSay.unreadableFix };
}

/** A path as users like to read it: relative to the working folder when inside it. */
export function displayPath(absolute: string, cwd: string = process.cwd()): string {
  const rel = relative(cwd, absolute);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : absolute;
}

/** Where `path` is in a YAML file, for problems found after loading (e.g. a glob that matches nothing). */
export async function locateInFile(file: string, path: DataPath): Promise<Partial<Position>> {
  const text = await readUserFile(file);
  const source = text.ok ? parseYaml(text.value, file) : undefined;
  return source?.ok ? source.value.locate(path) : {};
}
