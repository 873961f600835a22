import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { glob } from 'tinyglobby';
import { displayPath } from './files.ts';

/**
 * Expands files and folders into YAML and JSON-lines case files (display paths, each once, folders sorted).
 * A path that does not exist is kept when `explicit`, so reading it reports the problem;
 * default paths that do not exist are skipped.
 */
export async function findYamlFiles(
  paths: readonly string[],
  explicit: boolean,
): Promise<string[]> {
  const found = new Set<string>();
  for (const path of paths) {
    const kind = await stat(path).then(
      (s) => (s.isDirectory() ? 'folder' : 'file'),
      () => 'missing' as const,
    );
    if (kind === 'missing' && !explicit) continue;
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
  return [...found];
}
