import type { FileProblem } from '../errors.ts';
import { CaseInput, RARE_CASE_PARTS } from '../model/case.ts';
import { fastCaseInput } from '../model/case-input-fast.ts';
import { type Case, resolveCase } from '../model/labelled-case.ts';
import { casePositions } from './case-positions.ts';
import { caseProblems } from './case-problems.ts';
import { provideCaseSchema } from './case-schema.ts';
import { documentKind } from './document-kind.ts';
import { readUserFile } from './files.ts';
import { inputJsonSchema } from './input-json-schema.ts';
import type { LoadResult } from './load-result.ts';
import { caseSay } from './wording.ts';
import { parseYaml, type YamlSource } from './yaml-document.ts';
import { zodProblems } from './zod-problems.ts';

/**
 * Reads and validates a case file. `path` is kept as given in problems and in `Case.file`. The
 * caller named this one file, so any file name is read (globs read only .yaml/.yml files).
 */
export async function loadCaseFile(path: string): Promise<LoadResult<Case>> {
  const text = await readUserFile(path, { anyName: true });
  return text.ok ? parseCaseText(text.value, path) : text;
}

/** Validates case YAML text; `file` names it in problems. Pure: no file system access. */
export function parseCaseText(text: string, file: string): LoadResult<Case> {
  const source = parseYaml(text, file);
  return source.ok ? caseFromSource(source.value) : source;
}

/** Validates an already parsed YAML source as a case (schema first, then names and steps). */
export function caseFromSource(source: YamlSource): LoadResult<Case> {
  const parsed = checkCaseInput(source.data);
  if (!parsed.success) {
    // A suite a glob took for a case fails every case key: say what it is, once.
    if (documentKind(source.data) === 'suite')
      return failed([
        { file: source.file, path: '', line: 1, message: caseSay.isSuite, fix: caseSay.isSuiteFix },
      ]);
    return failed(zodProblems(parsed.error.issues, source, inputJsonSchema(CaseInput)));
  }
  const resolved = resolveCase(parsed.data, source.file);
  if (!resolved.ok) return failed(caseProblems(resolved.problems, source));
  return { ok: true, value: { ...resolved.case, positions: casePositions(source) } };
}

/** The schema's answer: the hand-written check's when it is sure, else the schema's own. */
function checkCaseInput(data: unknown): ReturnType<typeof CaseInput.safeParse> {
  const fast = fastCaseInput(data, RARE_CASE_PARTS);
  return fast !== undefined ? { success: true, data: fast } : CaseInput.safeParse(data);
}

// Loading this module is loading the schema: the loaders that met a case needing it find it here.
provideCaseSchema({
  check: (data) => {
    const parsed = CaseInput.safeParse(data);
    return parsed.success ? { success: true, data: parsed.data } : { success: false };
  },
  rare: RARE_CASE_PARTS,
  fromSource: caseFromSource,
});

function failed(problems: FileProblem[]): LoadResult<never> {
  return { ok: false, problems };
}
