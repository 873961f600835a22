import { fastCaseInput } from '../model/case-input-fast.ts';
import { type Case, resolveCase } from '../model/labelled-case.ts';
import { casePositions } from './case-positions.ts';
import { caseSchema, loadedCaseSchema } from './case-schema.ts';
import type { YamlSource } from './yaml-document.ts';

/**
 * The case of a source when it is valid, else undefined: for a source parsed by the fast parser,
 * whose problems are worded from the full parser's positions instead (`caseFromSource`). A case
 * the hand-written check is unsure of goes to the schema, which must have loaded
 * (`SchemaNeeded` otherwise: see `withCaseSchema`).
 */
export function validCase(source: YamlSource): Case | undefined {
  const fast = fastCaseInput(source.data, loadedCaseSchema()?.rare);
  const parsed =
    fast !== undefined ? { success: true as const, data: fast } : caseSchema().check(source.data);
  if (!parsed.success) return undefined;
  const resolved = resolveCase(parsed.data, source.file);
  return resolved.ok ? { ...resolved.case, positions: casePositions(source) } : undefined;
}
