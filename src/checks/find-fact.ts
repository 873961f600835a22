import type { CarryMatch, FactValue } from '../model/case.ts';
import { payloadContains } from './contains-text.ts';

/**
 * Where a fact was looked for and what was found: `found` holds the value under the key, if any;
 * `under`, the path of a field that holds the value under another name (`orderId`, `ids.0`).
 */
export type FactLookup =
  | { readonly present: true }
  | { readonly present: false; readonly found?: unknown; readonly under?: string };

/**
 * Does `payload` carry `key: value`? With `equals` (the default), a dotted key (`customer.id`) is
 * a path from the top and a plain key is searched at any depth; keys compare without case,
 * underscores or dashes (`order_id`, `orderId` and `order-id` name one field); values compare as
 * text, so 750 matches "750", and a free-text payload carries the fact when the text contains the
 * value. A missing fact whose value the payload holds under another name says where. With
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
  const under = pathOf(payload, want, []);
  return {
    present: false,
    ...(found !== undefined && { found }),
    ...(under !== undefined && { under }),
  };
}

/** The dotted path of the first scalar field of `value` whose text is `want`. */
function pathOf(value: unknown, want: string, at: string[]): string | undefined {
  if (isScalar(value)) return String(value) === want && at.length > 0 ? at.join('.') : undefined;
  if (value === null || typeof value !== 'object' || at.length > MAX_DEPTH) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = pathOf(v, want, [...at, k]);
    if (found !== undefined) return found;
  }
  return undefined;
}

const MAX_DEPTH = 32;

/** A field's name without case, underscores, dashes or spaces: `orderId` is `order_id`. */
function bare(key: string): string {
  return key.replace(/[_\-\s]/g, '').toLowerCase();
}

/** What a handoff handed its receiver: the payload and, when known, the conversation. */
export interface Handed {
  readonly payload?: unknown;
  readonly history?: unknown;
}

/**
 * A fact looked for in what a handoff handed over. `history` says what the conversation had to
 * do with a missing fact: `lacks` — it was read (the handoff sent no envelope) and the fact is
 * not there either; `holds` — it says the fact, but the handoff sent an envelope, which is
 * judged alone.
 */
export type HandedLookup =
  | { readonly present: true }
  | { readonly present: false; readonly found?: unknown; readonly history?: 'lacks' | 'holds' };

/**
 * Did a handoff hand its receiver `key: value`? A handoff that sends an envelope (a payload with
 * anything in it) is judged on the envelope, by the fact's match (findFact): the sender chose
 * what to write down, so a field it left out is missing even when the conversation said it. A
 * handoff that sends none (no payload, `{}`, `[]`, blank text — the SDK's default handoff, a
 * bare transfer tool) hands over the conversation instead: the fact is carried when the
 * history's text holds the value as whole tokens — the `contains` reading whatever the match,
 * since a conversation has no keys that name a fact.
 */
export function handedFact(
  handed: Handed,
  key: string,
  value: FactValue,
  match: CarryMatch = 'equals',
): HandedLookup {
  const inPayload = findFact(handed.payload, key, value, match);
  if (inPayload.present || handed.history === undefined) return inPayload;
  const said = payloadContains(handed.history, String(value));
  if (!isEmpty(handed.payload)) return said ? { ...inPayload, history: 'holds' } : inPayload;
  return said ? { present: true } : { ...inPayload, history: 'lacks' };
}

/** A payload that hands over nothing of its own. */
function isEmpty(payload: unknown): boolean {
  if (payload === undefined || payload === null) return true;
  if (typeof payload === 'string') return payload.trim() === '';
  if (Array.isArray(payload)) return payload.length === 0;
  return typeof payload === 'object' && Object.keys(payload).length === 0;
}

function isScalar(v: unknown): v is string | number | boolean {
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

function atPath(value: unknown, path: readonly string[]): unknown[] {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return [];
    const record = current as Record<string, unknown>;
    const name = Object.hasOwn(record, part)
      ? part
      : Object.keys(record).find((k) => bare(k) === bare(part));
    current = name === undefined ? undefined : record[name];
  }
  return current === undefined ? [] : [current];
}

function byKey(value: unknown, key: string, out: unknown[], name = bare(key)): unknown[] {
  if (value === null || typeof value !== 'object') return out;
  if (Array.isArray(value)) {
    for (const item of value) byKey(item, key, out, name);
    return out;
  }
  for (const [k, v] of Object.entries(value)) {
    if (k === key || bare(k) === name) out.push(v);
    byKey(v, key, out, name);
  }
  return out;
}
