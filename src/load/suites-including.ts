import { readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { expandCaseGlobs } from './expand-case-globs.ts';
import { readUserFile } from './files.ts';
import { loadSuiteFile } from './load-suite.ts';
import { isRecord } from './schema-at-path.ts';
import { parseYaml } from './yaml-document.ts';

/** Suite files looked at per folder: enough for a project's suites, bounded for a wrong folder. */
const MAX_SUITES_PER_FOLDER = 50;

/**
 * The valid suites among the YAML files directly in `folders` (absolute paths, in the order of
 * the folders, then by name) whose case globs select `caseFile`. For advice when a case file is
 * given where a suite belongs; a folder that cannot be read is skipped.
 */
export async function suitesIncluding(
  caseFile: string,
  folders: readonly string[],
): Promise<string[]> {
  const target = resolve(caseFile);
  const found: string[] = [];
  for (const folder of new Set(folders.map((f) => resolve(f)))) {
    for (const file of await yamlFilesIn(folder)) {
      if (file === target || found.includes(file)) continue;
      const suite = await loadSuiteFile(file);
      if (!suite.ok) continue;
      const { files } = await expandCaseGlobs(suite.value);
      if (files.includes(target)) found.push(file);
    }
  }
  return found;
}

/** The `id` a case file gives, when it gives one (the file need not be a valid case). */
export async function caseIdOf(caseFile: string): Promise<string | undefined> {
  const text = await readUserFile(caseFile);
  const source = text.ok ? parseYaml(text.value, caseFile) : undefined;
  const data = source?.ok ? source.value.data : undefined;
  return isRecord(data) && typeof data.id === 'string' ? data.id : undefined;
}

async function yamlFilesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && /\.ya?ml$/i.test(e.name))
    .map((e) => join(folder, e.name))
    .sort()
    .slice(0, MAX_SUITES_PER_FOLDER);
}
