import type { CarryMatch, FactValue } from '../model/case.ts';
import { payloadContains } from './contains-text.ts';

/** Where a fact was looked for and what was found: `found` holds the value under the key, if any. */
export type FactLookup =
  | { readonly present: true }
  | { readonly present: false; readonly found?: unknown };

/**
 * Does `payload` carry `key: value`? With `equals` (the default), a dotted key (`customer.id`) is
 * a path from the top and a plain key is searched at any depth; values compare as text, so 750
 * matches "750", and a free-text payload carries the fact when the text contains the value. With
 * `contains`, the key only names the fact: its text is looked for anywhere (contains-text.ts).
 */
export function findFact(
  payload: unknown,
  key: string,
  value: FactValue,
  match: CarryMatch = 'equals',
): FactLookup {
  const want = String(value);
  if (match === 'contains') {
    return payloadContains(payload, want) ? { present: true } : { present: false };
  }
  if (typeof payload === 'string')
    return payload.includes(want) ? { present: true } : { present: false };
  const candidates = key.includes('.') ? atPath(payload, key.split('.')) : byKey(payload, key, []);
  if (candidates.some((c) => isScalar(c) && String(c) === want)) return { present: true };
  const found = candidates[0];
  return found === undefined ? { present: false } : { present: false, found };
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function atPath(value: unknown, path: readonly string[]): unknown[] {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return [];
    current = (current as Record<string, unknown>)[part];
  }
  return current === undefined ? [] : [current];
}

function byKey(value: unknown, key: string, out: unknown[]): unknown[] {
  if (value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    for (const item of value) byKey(item, key, out);
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === key) out.push(v);
    byKey(v, key, out);
  }
  return out;
}
