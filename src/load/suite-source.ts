import type { FileProblem } from '../errors.ts';
import { type Suite, SuiteInput } from '../model/suite.ts';
import { checkedSuite } from './checked-suite.ts';
import { documentKind } from './document-kind.ts';
import { inputJsonSchema } from './input-json-schema.ts';
import type { LoadResult } from './load-result.ts';
import { isRecord } from './schema-at-path.ts';
import { suiteSay } from './wording.ts';
import { parseYaml, type YamlSource } from './yaml-document.ts';
import { parseYamlFast } from './yaml-fast.ts';
import { zodProblems } from './zod-problems.ts';

/**
 * Validates suite YAML text by the schema; `file` names it in problems and is resolved for
 * `Suite.file`. (`loadSuiteFile` checks the usual suite by hand first, loading no schema.)
 */
export function parseSuiteText(text: string, file: string): LoadResult<Suite> {
  // Plain YAML (nearly every suite) takes the fast parser; the rest, errors included, the full one.
  const fast = parseYamlFast(text, file);
  if (fast) return suiteFromSource(fast);
  const source = parseYaml(text, file);
  return source.ok ? suiteFromSource(source.value) : source;
}

export function suiteFromSource(source: YamlSource): LoadResult<Suite> {
  const parsed = SuiteInput.safeParse(source.data);
  if (parsed.success) return checkedSuite(parsed.data, source);
  // A case given where a suite belongs fails every suite key: say what it is, once. An empty
  // file is neither: the schema says what a suite needs.
  if (isRecord(source.data) && documentKind(source.data) === 'case')
    return { ok: false, problems: [caseNotSuite(source)] };
  return {
    ok: false,
    problems: zodProblems(parsed.error.issues, source, inputJsonSchema(SuiteInput)),
  };
}

function caseNotSuite(source: YamlSource): FileProblem {
  return { file: source.file, path: '', message: suiteSay.isCase, fix: suiteSay.isCaseFix };
}
