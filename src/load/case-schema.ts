import type { ParsedCaseInput } from '../model/case.ts';
import type { RareCaseParts } from '../model/case-input-fast.ts';
import type { Case } from '../model/labelled-case.ts';
import type { LoadResult } from './load-result.ts';
import type { YamlSource } from './yaml-document.ts';

/**
 * The case schema (zod) and what is worded from it, as the loaders reach it: a valid case of the
 * usual shape is checked by hand and needs none of it, so a run whose cases are all such never
 * loads the schema library (about a third of Baton's start-up). It loads the first time a case
 * needs it: one with a rarely written part, or a problem to word.
 */
export interface CaseSchema {
  /** The schema's own answer for a case the hand-written check is unsure of. */
  check(data: unknown): { success: true; data: ParsedCaseInput } | { success: false };
  /** The schemas of the rarely written parts, for the hand-written check. */
  readonly rare: RareCaseParts;
  /** A source checked by the schema, every problem worded with its place (`caseFromSource`). */
  fromSource(source: YamlSource): LoadResult<Case>;
}

let provided: CaseSchema | undefined;

/** Thrown by synchronous loading that met a case only the schema can judge before it loaded. */
export class SchemaNeeded extends Error {
  override readonly name = 'SchemaNeeded';
  constructor() {
    super('the case schema is needed and has not loaded: load it with loadCaseSchema() first');
  }
}

/** Set once by the module that holds the schema, as it loads. */
export function provideCaseSchema(schema: CaseSchema): void {
  provided = schema;
}

/** The schema when it has loaded already, else undefined. */
export function loadedCaseSchema(): CaseSchema | undefined {
  return provided;
}

/** The schema, which must have loaded (`SchemaNeeded` otherwise). */
export function caseSchema(): CaseSchema {
  if (provided === undefined) throw new SchemaNeeded();
  return provided;
}

/** Loads the schema (once). */
export async function loadCaseSchema(): Promise<CaseSchema> {
  if (provided === undefined) await import('./load-case.ts');
  return caseSchema();
}

/**
 * `work()`, done once more after loading the schema when it needed the schema first: loading
 * that met an unusual or invalid case starts that file again, with the schema at hand.
 */
export async function withCaseSchema<T>(work: () => T): Promise<T> {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof SchemaNeeded)) throw error;
    await loadCaseSchema();
    return work();
  }
}
