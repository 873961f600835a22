import { resolve } from 'node:path';
import { glob, globSync, isDynamicPattern } from 'tinyglobby';

/** The trace files a list of paths and globs names, and the globs that matched no file. */
export interface TraceFiles {
  /** Absolute paths: each glob's matches sorted, in the order the list names them, each once. */
  readonly files: string[];
  /** Globs that matched no file, with their place in the list. */
  readonly unmatched: { readonly index: number; readonly pattern: string }[];
}

/**
 * Expands a traces adapter's `files` (paths and globs, relative to `dir`, the suite's folder):
 * a rotating exporter writes `traces.jsonl`, `traces-2026-03-10T09-05.jsonl`, …, so a suite
 * names them `exports/traces*.jsonl`. A plain path is kept as written, whether it exists or not
 * (reading it says what is wrong); a glob matches files only.
 */
export async function expandTraceFiles(dir: string, given: readonly string[]): Promise<TraceFiles> {
  const matches = await Promise.all(
    given.map((p) => (isDynamicPattern(p) ? glob(p, options(dir)) : undefined)),
  );
  return collect(dir, given, matches);
}

/** `expandTraceFiles` without waiting: for checks that run while a suite loads. */
export function expandTraceFilesSync(dir: string, given: readonly string[]): TraceFiles {
  const matches = given.map((p) => (isDynamicPattern(p) ? globSync(p, options(dir)) : undefined));
  return collect(dir, given, matches);
}

/** True when a `files` entry is a glob rather than one path. */
export function isTraceGlob(entry: string): boolean {
  return isDynamicPattern(entry);
}

function options(dir: string) {
  return { cwd: dir, absolute: true, onlyFiles: true, expandDirectories: false };
}

function collect(
  dir: string,
  given: readonly string[],
  matches: readonly (string[] | undefined)[],
): TraceFiles {
  const seen = new Set<string>();
  const unmatched: TraceFiles['unmatched'][number][] = [];
  given.forEach((pattern, index) => {
    const found = matches[index];
    if (found === undefined) {
      seen.add(resolve(dir, pattern));
      return;
    }
    if (found.length === 0) unmatched.push({ index, pattern });
    for (const file of [...found].map((f) => resolve(f)).sort()) seen.add(file);
  });
  return { files: [...seen], unmatched };
}
