import { readFile } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import type { FileProblem } from '../errors.ts';
import type { DataPath, LoadResult } from './load-result.ts';
import { fileSay } from './wording.ts';
import { type Position, parseYaml } from './yaml-document.ts';

/** Reads a user's file; a missing or unreadable file is a problem with a fix, never a throw. */
export async function readUserFile(file: string): Promise<LoadResult<string>> {
  try {
    return { ok: true, value: await readFile(file, 'utf8') };
  } catch (error) {
    return { ok: false, problems: [readProblem(file, error)] };
  }
}

function readProblem(file: string, error: unknown): FileProblem {
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
