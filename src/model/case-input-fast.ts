import type { ParsedCaseInput } from './case.ts';
import { toExpect } from './case-input-fast-expect.ts';
import {
  bySchema,
  CASE_ID,
  checkedName,
  checkedText,
  list,
  name,
  plain,
  type RareCaseParts,
  text,
  type Value,
} from './case-input-fast-parts.ts';
import { toStep } from './case-input-fast-steps.ts';

export type { RareCaseParts } from './case-input-fast-parts.ts';

/**
 * The case schema's value for the usual shape of case, checked by hand: the schema (zod) walks
 * every field through generic machinery, which is most of the cost of checking a valid case.
 * Returns exactly what `CaseInput.safeParse(data).data` would (defaults filled in, keys in the
 * schema's order), or undefined whenever the data is invalid or anything is unusual (an unknown
 * key, a number that is not finite, a `__proto__` key, a value left undefined): the schema then
 * decides, and words every problem. Rarely written parts (trace, ownership, tools, faults) are
 * checked by their own schemas (`rare`; without them such a case is left to the whole schema). A
 * property test holds the two to the same answers.
 */
export function fastCaseInput(data: unknown, rare?: RareCaseParts): ParsedCaseInput | undefined {
  if (!plain(data, CASE_KEYS)) return undefined;
  const d = data as Record<string, unknown>;
  if (d.$schema !== undefined && typeof d.$schema !== 'string') return undefined;
  if (!(typeof d.id === 'string' && CASE_ID.test(d.id))) return undefined;
  if (!text(d.title) || !text(d.source)) return undefined;
  const tags = d.tags === undefined ? [] : list(d.tags, checkedText);
  const participants = toParticipants(d.participants);
  if (tags === undefined || participants === undefined) return undefined;
  if (d.entry !== undefined && !name(d.entry)) return undefined;
  const steps = d.steps === undefined ? undefined : list(d.steps, toStep);
  if (steps !== undefined && steps.length === 0) return undefined;
  const trace = d.trace === undefined ? undefined : bySchema(rare?.trace, d.trace);
  if ((d.steps !== undefined && steps === undefined) || (d.trace !== undefined && !trace))
    return undefined;
  if (steps === undefined && trace === undefined) return undefined;
  const expect = toExpect(d.expect, rare);
  const faults =
    d.faults === undefined ? undefined : list(d.faults, (f) => bySchema(rare?.fault, f));
  if (expect === undefined || (d.faults !== undefined && faults === undefined)) return undefined;
  const out: Record<string, unknown> = {};
  if (d.$schema !== undefined) out.$schema = d.$schema;
  out.id = d.id;
  out.title = d.title;
  out.source = d.source;
  out.tags = tags;
  out.participants = participants;
  if (d.entry !== undefined) out.entry = d.entry;
  if (steps !== undefined) out.steps = steps;
  if (trace !== undefined) out.trace = trace;
  out.expect = expect;
  if (faults !== undefined) out.faults = faults;
  return out as ParsedCaseInput;
}

const CASE_KEYS = new Set([
  ...['$schema', 'id', 'title', 'source', 'tags', 'participants', 'entry', 'steps', 'trace'],
  ...['expect', 'faults'],
]);
const PARTICIPANT_KEYS = new Set(['agents', 'persons']);

function toParticipants(v: unknown): Value | undefined {
  if (!plain(v, PARTICIPANT_KEYS)) return undefined;
  const agents = list(v.agents, checkedName);
  const persons = v.persons === undefined ? [] : list(v.persons, checkedName);
  if (agents === undefined || agents.length === 0 || persons === undefined) return undefined;
  return { agents, persons };
}
