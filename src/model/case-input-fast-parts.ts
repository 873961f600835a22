/** Checks shared by the hand-written case check (`fastCaseInput`): each answers only when sure. */

import { PARTICIPANT_NAME } from './case-patterns.ts';

export { CASE_ID, REASON_CODE as REASON } from './case-patterns.ts';

export type Value = Record<string, unknown>;

/**
 * A plain object whose every key is one of `keys` (any key when `keys` is undefined, but never
 * `__proto__`), none of them holding undefined: the only objects this check answers for.
 */
export function plain(v: unknown, keys: ReadonlySet<string> | undefined): v is Value {
  if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype)
    return false;
  for (const key in v) {
    if (keys === undefined ? key === '__proto__' : !keys.has(key)) return false;
    if (!Object.hasOwn(v, key) || (v as Value)[key] === undefined) return false;
  }
  return true;
}

/** The checked items of an array (a new array), or undefined if one fails. */
export function list<T>(v: unknown, item: (x: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: T[] = [];
  for (let i = 0; i < v.length; i++) {
    const checked = item(v[i]);
    if (checked === undefined) return undefined;
    out.push(checked);
  }
  return out;
}

/** A schema of a part the hand-written check leaves to it (structurally: no schema library here). */
export interface PartSchema<T = unknown> {
  safeParse(x: unknown): { success: boolean; data?: T };
}

/**
 * The schemas of the parts of a case written rarely (a trace reference, faults, ownership and
 * tool labels, an expected guardrail trip), which the hand-written check hands to them: without
 * them it is unsure of a case that has such a part, and the caller asks the whole schema.
 */
export interface RareCaseParts {
  readonly trace: PartSchema;
  readonly fault: PartSchema;
  readonly ownership: PartSchema;
  readonly tools: PartSchema;
  readonly guardrail: PartSchema;
}

/** The part's value by its schema; undefined when it fails or no schema is at hand. */
export function bySchema<T>(schema: PartSchema<T> | undefined, v: unknown): T | undefined {
  const parsed = schema?.safeParse(v);
  return parsed?.success ? parsed.data : undefined;
}

export const text = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
export const name = (v: unknown): v is string => typeof v === 'string' && PARTICIPANT_NAME.test(v);
export const checkedText = (v: unknown) => (text(v) ? v : undefined);
export const checkedName = (v: unknown) => (name(v) ? v : undefined);
export const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const whole = (v: unknown, min: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min;
export const fact = (v: unknown) =>
  typeof v === 'string' || typeof v === 'boolean' || finite(v) ? v : undefined;
