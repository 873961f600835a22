import type { LoadResult } from '../load/load-result.ts';
import type { ParsedSuite, Suite } from '../model/suite.ts';

/** The suite's config when it declares variants; undefined otherwise (or when it does not load). */
export function variantSuite(loaded: LoadResult<Suite>): ParsedSuite | undefined {
  return loaded.ok && loaded.value.config.variants ? loaded.value.config : undefined;
}
