import { resolve } from 'node:path';
import type { ParsedSuite, Suite } from '../model/suite.ts';
import { adapterReachProblems } from './adapter-reach-problems.ts';
import { casesProblems } from './cases-problems.ts';
import { httpPlaceholderProblems } from './http-placeholder-problems.ts';
import { isolationProblems } from './isolation-problems.ts';
import type { LoadResult } from './load-result.ts';
import { modelTrafficProblems } from './model-traffic-problems.ts';
import { sortByPosition } from './problem-order.ts';
import { recordProblems } from './record-problems.ts';
import { redactionProblems } from './redaction-problems.ts';
import { missingReferences } from './suite-references.ts';
import { variantProblems } from './variant-problems.ts';
import type { YamlSource } from './yaml-document.ts';

/**
 * A suite whose settings the schema accepted, checked for what the schema cannot see (files
 * that are missing, rules that contradict each other), or its problems in file order.
 */
export function checkedSuite(parsed: ParsedSuite, source: YamlSource): LoadResult<Suite> {
  const missing = sortByPosition([
    ...casesProblems(parsed, source),
    ...missingReferences(parsed, source),
    ...modelTrafficProblems(parsed, source),
    ...isolationProblems(parsed, source),
    ...recordProblems(parsed, source),
    ...redactionProblems(parsed, source),
    ...variantProblems(parsed, source),
    ...httpPlaceholderProblems(parsed, source),
    ...adapterReachProblems(parsed, source),
  ]);
  if (missing.length > 0) return { ok: false, problems: missing };
  const lineOf = (path: readonly (string | number)[]) => source.locate(path).line;
  return { ok: true, value: { file: resolve(source.file), config: parsed, lineOf } };
}
