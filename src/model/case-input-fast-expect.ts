import type { ParsedCaseInput } from './case.ts';
import {
  bySchema,
  checkedName,
  fact,
  finite,
  list,
  name,
  plain,
  type RareCaseParts,
  REASON,
  text,
  type Value,
  whole,
} from './case-input-fast-parts.ts';

type ExpectValue = ParsedCaseInput['expect'];

const EXPECT_KEYS = new Set(['handoffs', 'max_hops', 'effects', 'ownership', 'tools', 'guardrail']);
const HANDOFF_KEYS = new Set(['from', 'to', 'at', 'window', 'reason', 'alternatives', 'carry']);
const EFFECT_KEYS = new Set(['effect', 'key', 'owner', 'times', 'at', 'window']);

/** `expect:` as the schema returns it, or undefined when the schema must judge it. */
export function toExpect(v: unknown, rare?: RareCaseParts): ExpectValue | undefined {
  if (!plain(v, EXPECT_KEYS)) return undefined;
  const handoffs = v.handoffs === 'none' ? 'none' : list(v.handoffs, toHandoff);
  if (handoffs === undefined || handoffs.length === 0) return undefined;
  if (v.max_hops !== undefined && !whole(v.max_hops, 0)) return undefined;
  const effects = v.effects === undefined ? undefined : list(v.effects, toEffect);
  const ownership = v.ownership === undefined ? undefined : bySchema(rare?.ownership, v.ownership);
  const tools = v.tools === undefined ? undefined : bySchema(rare?.tools, v.tools);
  const guardrail = v.guardrail === undefined ? undefined : bySchema(rare?.guardrail, v.guardrail);
  if (v.effects !== undefined && effects === undefined) return undefined;
  if ((v.ownership !== undefined && !ownership) || (v.tools !== undefined && tools === undefined))
    return undefined;
  if (v.guardrail !== undefined && guardrail === undefined) return undefined;
  const out: Value = { handoffs };
  if (v.max_hops !== undefined) out.max_hops = v.max_hops;
  if (effects !== undefined) out.effects = effects;
  if (ownership !== undefined) out.ownership = ownership;
  if (tools !== undefined) out.tools = tools;
  if (guardrail !== undefined) out.guardrail = guardrail;
  return out as ExpectValue;
}

/** `[first, last]` with first <= last, as a new array. */
function toWindow(v: unknown): [number, number] | undefined {
  if (!Array.isArray(v) || v.length !== 2) return undefined;
  const [first, last] = v as unknown[];
  return whole(first, 0) && whole(last, 0) && first <= last ? [first, last] : undefined;
}

function toHandoff(h: unknown): Value | undefined {
  if (!plain(h, HANDOFF_KEYS) || !name(h.from) || !name(h.to)) return undefined;
  if ((h.at === undefined) === (h.window === undefined)) return undefined;
  if (h.at !== undefined && !whole(h.at, 0)) return undefined;
  const window = h.window === undefined ? undefined : toWindow(h.window);
  if (h.window !== undefined && window === undefined) return undefined;
  if (h.reason !== undefined && !(typeof h.reason === 'string' && REASON.test(h.reason)))
    return undefined;
  const alternatives = h.alternatives === undefined ? undefined : list(h.alternatives, checkedName);
  const carry = h.carry === undefined ? undefined : toCarry(h.carry);
  if ((h.alternatives !== undefined && !alternatives) || (h.carry !== undefined && !carry))
    return undefined;
  const out: Value = { from: h.from, to: h.to };
  if (h.at !== undefined) out.at = h.at;
  if (window !== undefined) out.window = window;
  if (h.reason !== undefined) out.reason = h.reason;
  if (alternatives !== undefined) out.alternatives = alternatives;
  if (carry !== undefined) out.carry = carry;
  return out;
}

const EQUALS = new Set(['equals']);
const CONTAINS = new Set(['contains']);

/** Facts to carry: a bare value, `{ equals: value }` or `{ contains: text }`. */
function toCarry(c: unknown): Value | undefined {
  if (!plain(c, undefined)) return undefined;
  const out: Value = {};
  for (const key in c) {
    const v = c[key];
    if (fact(v) !== undefined) out[key] = v;
    else if (plain(v, EQUALS) && fact(v.equals) !== undefined) out[key] = { equals: v.equals };
    else if (plain(v, CONTAINS) && (text(v.contains) || finite(v.contains)))
      out[key] = { contains: v.contains };
    else return undefined;
  }
  return out;
}

function toEffect(e: unknown): Value | undefined {
  if (!plain(e, EFFECT_KEYS) || !text(e.effect)) return undefined;
  if (!(typeof e.key === 'string' || finite(e.key))) return undefined;
  if (e.owner !== undefined && !name(e.owner)) return undefined;
  if (e.times !== undefined && !whole(e.times, 0)) return undefined;
  if (e.at !== undefined && (e.window !== undefined || !whole(e.at, 0))) return undefined;
  const window = e.window === undefined ? undefined : toWindow(e.window);
  if (e.window !== undefined && window === undefined) return undefined;
  const out: Value = { effect: e.effect, key: e.key };
  if (e.owner !== undefined) out.owner = e.owner;
  out.times = e.times ?? 1;
  if (e.at !== undefined) out.at = e.at;
  if (window !== undefined) out.window = window;
  return out;
}
