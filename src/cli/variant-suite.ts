import { resolve } from 'node:path';
import { loadSuiteFile } from '../load/load-suite.ts';
import type { ParsedSuite } from '../model/suite.ts';

/** The suite's config when it declares variants; undefined otherwise (or when it does not load). */
export async function variantSuite(path: string, cwd: string): Promise<ParsedSuite | undefined> {
  const loaded = await loadSuiteFile(resolve(cwd, path));
  return loaded.ok && loaded.value.config.variants ? loaded.value.config : undefined;
}
