import { resolve } from 'node:path';
import type { FileProblem } from '../errors.ts';
import { type Suite, SuiteInput } from '../model/suite.ts';
import { casesProblems } from './cases-problems.ts';
import { documentKind } from './document-kind.ts';
import { readUserFile } from './files.ts';
import { httpPlaceholderProblems } from './http-placeholder-problems.ts';
import { inputJsonSchema } from './input-json-schema.ts';
import { isolationProblems } from './isolation-problems.ts';
import type { LoadResult } from './load-result.ts';
import { modelTrafficProblems } from './model-traffic-problems.ts';
import { recordProblems } from './record-problems.ts';
import { redactionProblems } from './redaction-problems.ts';
import { missingReferences } from './suite-references.ts';
import { variantProblems } from './variant-problems.ts';
import { suiteSay } from './wording.ts';
import { parseYaml, type YamlSource } from './yaml-document.ts';
import { parseYamlFast } from './yaml-fast.ts';
import { sortByPosition, zodProblems } from './zod-problems.ts';

/** Reads and validates a suite file; `Suite.file` is absolute, problems name `path` as given. */
export async function loadSuiteFile(path: string): Promise<LoadResult<Suite>> {
  const text = await readUserFile(path);
  return text.ok ? parseSuiteText(text.value, path) : text;
}

/** Validates suite YAML text; `file` names it in problems and is resolved for `Suite.file`. */
export function parseSuiteText(text: string, file: string): LoadResult<Suite> {
  // Plain YAML (nearly every suite) takes the fast parser; the rest, errors included, the full one.
  const fast = parseYamlFast(text, file);
  if (fast) return suiteFromSource(fast);
  const source = parseYaml(text, file);
  return source.ok ? suiteFromSource(source.value) : source;
}

export function suiteFromSource(source: YamlSource): LoadResult<Suite> {
  const parsed = SuiteInput.safeParse(source.data);
  if (!parsed.success) {
    // A case given where a suite belongs fails every suite key: say what it is, once.
    if (documentKind(source.data) === 'case')
      return { ok: false, problems: [caseNotSuite(source)] };
    return {
      ok: false,
      problems: zodProblems(parsed.error.issues, source, inputJsonSchema(SuiteInput)),
    };
  }
  const missing = sortByPosition([
    ...casesProblems(parsed.data, source),
    ...missingReferences(parsed.data, source),
    ...modelTrafficProblems(parsed.data, source),
    ...isolationProblems(parsed.data, source),
    ...recordProblems(parsed.data, source),
    ...redactionProblems(parsed.data, source),
    ...variantProblems(parsed.data, source),
    ...httpPlaceholderProblems(parsed.data, source),
  ]);
  if (missing.length > 0) return { ok: false, problems: missing };
  const lineOf = (path: readonly (string | number)[]) => source.locate(path).line;
  return { ok: true, value: { file: resolve(source.file), config: parsed.data, lineOf } };
}

function caseNotSuite(source: YamlSource): FileProblem {
  return { file: source.file, path: '', message: suiteSay.isCase, fix: suiteSay.isCaseFix };
}

/** True for the one problem of a case file loaded as a suite (the CLI words its own fix). */
export function isCaseNotSuite(problem: FileProblem): boolean {
  return problem.message === suiteSay.isCase && problem.path === '';
}
