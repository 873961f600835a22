import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { glob } from 'tinyglobby';
import { displayPath } from './files.ts';

/** The files found below some paths, and the paths that do not exist. */
export interface FoundFiles {
  readonly files: string[];
  readonly missing: string[];
}

/**
 * Expands files and folders into YAML and JSON-lines case files (display paths, each once, folders
 * sorted). A path that does not exist is `missing` when `explicit` (a problem to report, not a
 * file); default paths that do not exist are skipped.
 */
export async function findYamlFiles(
  paths: readonly string[],
  explicit: boolean,
): Promise<FoundFiles> {
  const found = new Set<string>();
  const missing = new Set<string>();
  for (const path of paths) {
    const kind = await stat(path).then(
      (s) => (s.isDirectory() ? 'folder' : 'file'),
      // Another failure (a folder it may not read) is the read's to report.
      (error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT' || error.code === 'ENOTDIR' ? ('missing' as const) : 'file',
    );
    if (kind === 'missing') {
      if (explicit) missing.add(displayPath(resolve(path)));
      continue;
    }
    if (kind !== 'folder') {
      found.add(displayPath(resolve(path)));
      continue;
    }
    const files = await glob('**/*.{yaml,yml,jsonl,ndjson}', {
      cwd: path,
      absolute: true,
      ignore: ['**/node_modules/**'],
    });
    for (const file of files.sort()) found.add(displayPath(file));
  }
  return { files: [...found], missing: [...missing] };
}
