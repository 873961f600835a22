import type { FileProblem } from '../errors.ts';
import type { Case } from '../model/labelled-case.ts';
import type { Suite } from '../model/suite.ts';
import { byId, idMatches, keepCase } from './case-filters.ts';
import { displayPath, locateInFile } from './files.ts';
import { loadSuiteCases } from './load-suite-cases.ts';
import { type HeldCase, unpackCase } from './packed-case.ts';
import { closestMatch } from './suggest.ts';
import { say, suiteSay } from './wording.ts';

/** Case ids (exact, or with `*` wildcards) and tags (any of) asked for on the command line. */
export interface CaseSelection {
  readonly caseIds?: string[];
  readonly tags?: string[];
}

/** The cases a run should use, sorted by id, and every problem found on the way. */
export interface SelectedCases {
  readonly cases: Case[];
  readonly problems: FileProblem[];
}

/**
 * Loads the cases a suite names and keeps those its tag rules and the filters select. Cases in
 * files with problems are left out; the problems say why.
 */
export async function selectCases(
  suite: Suite,
  filters: CaseSelection = {},
): Promise<SelectedCases> {
  const { cases, problems } = await selectHeldCases(suite, filters);
  return { cases: cases.map(unpackCase), problems };
}

/** `SelectedCases` as a run holds them: packed (see `PackedCase`) in a suite of `LARGE_RUN` files or more. */
export interface HeldSelection {
  readonly cases: HeldCase[];
  readonly problems: FileProblem[];
}

/** `selectCases` for a run: a large suite's cases stay packed until each one runs. */
export async function selectHeldCases(
  suite: Suite,
  filters: CaseSelection = {},
): Promise<HeldSelection> {
  const { cases, problems } = await loadSuiteCases(suite);
  const { tags, exclude_tags } = suite.config.cases ?? { tags: [], exclude_tags: [] };
  const kept = cases
    .filter((c) =>
      keepCase(c, {
        tags,
        excludeTags: exclude_tags,
        ...(filters.caseIds && { caseIds: filters.caseIds }),
        ...(filters.tags && { filterTags: filters.tags }),
      }),
    )
    .sort(byId);
  if (kept.length === 0 && cases.length > 0 && problems.length === 0) {
    // An id asked for that no case has is the user's typo, not the suite's fault.
    const unknown = unknownIds(suite, filters.caseIds ?? [], cases);
    problems.push(...(unknown.length > 0 ? unknown : [await nothingSelected(suite, cases.length)]));
  }
  return { cases: kept, problems };
}

/** Each `--case` id (or pattern) that matches none of the suite's cases, with the nearest id. */
function unknownIds(
  suite: Suite,
  patterns: readonly string[],
  cases: readonly { readonly id: string }[],
): FileProblem[] {
  const ids = cases.map((c) => c.id);
  return patterns
    .filter((pattern) => !ids.some((id) => idMatches(id, pattern)))
    .map((pattern) => ({
      file: displayPath(suite.file),
      path: '',
      message: suiteSay.unknownCaseId(pattern, ids.length),
      fix: unknownIdFix(pattern, ids),
    }));
}

/**
 * The id meant by a `--case` that matched nothing: the nearest by spelling, else those it begins
 * (`refund-smal` for `refund-small-standard`) or is part of, else every id.
 */
function unknownIdFix(pattern: string, ids: readonly string[]): string {
  if (pattern.includes('*')) return say.useOneOf([...ids].sort());
  const near = closestMatch(pattern, ids);
  if (near !== undefined) return say.didYouMean(near);
  const typed = pattern.toLowerCase();
  const starting = ids.filter((id) => id.toLowerCase().startsWith(typed));
  const holding =
    starting.length > 0 ? starting : ids.filter((id) => id.toLowerCase().includes(typed));
  if (holding.length === 1) return say.didYouMean(holding[0] as string);
  if (holding.length > 1)
    return suiteSay.idsHolding(pattern, [...holding].sort(), starting.length > 0);
  return say.useOneOf([...ids].sort());
}

async function nothingSelected(suite: Suite, loaded: number): Promise<FileProblem> {
  return {
    file: displayPath(suite.file),
    ...(await locateInFile(suite.file, ['cases'])),
    path: 'cases',
    message: suiteSay.nothingSelected(loaded),
    fix: suiteSay.nothingSelectedFix,
  };
}
