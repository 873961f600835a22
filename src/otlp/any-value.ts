import type { AttrValue } from '../normalize/span-record.ts';

/**
 * An OTLP `AnyValue` in its JSON form (the protobuf decoder produces the same shape). Exactly
 * one field is set; `intValue` is an int64, written as a number or as a decimal string.
 */
export interface OtlpAnyValue {
  readonly stringValue?: string;
  readonly boolValue?: boolean;
  readonly intValue?: number | string;
  readonly doubleValue?: number | string;
  readonly bytesValue?: string;
  readonly arrayValue?: { readonly values?: readonly OtlpAnyValue[] };
  readonly kvlistValue?: { readonly values?: readonly OtlpKeyValue[] };
}

export interface OtlpKeyValue {
  readonly key: string;
  readonly value?: OtlpAnyValue;
}

type Plain = string | number | boolean | null | Plain[] | { [key: string]: Plain };

/**
 * An int64 as a JS number when it is exactly representable, else its decimal text (Baton's
 * attribute readers accept numeric strings), so large ids are never silently rounded.
 */
function int64(v: number | string): number | string {
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isSafeInteger(n) ? n : String(v);
}

/** The value as plain JSON data: nested arrays and kvlists become arrays and objects. */
export function plainValue(v: OtlpAnyValue | undefined): Plain | undefined {
  if (v === undefined || v === null || typeof v !== 'object') return undefined;
  if (typeof v.stringValue === 'string') return v.stringValue;
  if (typeof v.boolValue === 'boolean') return v.boolValue;
  if (v.intValue !== undefined) return int64(v.intValue);
  // The protobuf JSON mapping writes NaN and ±Infinity as strings.
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (typeof v.bytesValue === 'string') return v.bytesValue;
  if (v.arrayValue !== undefined) {
    return (v.arrayValue.values ?? []).map((x) => plainValue(x) ?? null);
  }
  if (v.kvlistValue !== undefined) {
    const out: { [key: string]: Plain } = {};
    for (const kv of v.kvlistValue.values ?? []) {
      const value = plainValue(kv.value);
      if (typeof kv.key === 'string' && value !== undefined) out[kv.key] = value;
    }
    return out;
  }
  return undefined;
}

/**
 * The value as a span attribute. OpenTelemetry attributes are primitives or homogeneous arrays
 * of them; anything richer (a kvlist, a nested or mixed array) becomes JSON text, which Baton's
 * payload readers parse back, so a payload sent as a kvlist still carries its facts.
 */
export function attrValue(v: OtlpAnyValue | undefined): AttrValue | undefined {
  const plain = plainValue(v);
  if (plain === undefined || plain === null) return undefined;
  if (typeof plain !== 'object') return plain;
  if (Array.isArray(plain)) return homogeneous(plain) ?? JSON.stringify(plain);
  return JSON.stringify(plain);
}

function homogeneous(items: readonly Plain[]): AttrValue | undefined {
  const first = items[0];
  if (first === undefined) return [] as string[];
  const type = typeof first;
  if (type !== 'string' && type !== 'number' && type !== 'boolean') return undefined;
  return items.every((x) => typeof x === type) ? (items as AttrValue) : undefined;
}

/** A list of key–values as span attributes; keys whose value is empty are left out. */
export function attributesOf(
  list: readonly OtlpKeyValue[] | undefined,
): Record<string, AttrValue | undefined> {
  const out: Record<string, AttrValue | undefined> = {};
  if (!Array.isArray(list)) return out;
  for (const kv of list) {
    if (typeof kv?.key !== 'string') continue;
    const value = attrValue(kv.value);
    if (value !== undefined) out[kv.key] = value;
  }
  return out;
}
