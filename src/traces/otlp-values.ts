import type { AttrValue } from '../normalize/span-record.ts';

const HEX = /^[0-9a-fA-F]+$/;

/**
 * An OTLP id as lowercase hex. OTLP/JSON writes ids as hex; some writers (proto3 JSON mappers)
 * write base64, which is converted. Any other non-empty text is kept as given, so ids from other
 * tools still join parents to children. Undefined for an absent or empty id.
 */
export function otlpId(raw: unknown, bytes: 8 | 16): string | undefined {
  if (typeof raw !== 'string' || raw === '') return undefined;
  if (raw.length === bytes * 2) {
    // Mostly lowercase hex already: toLowerCase then returns the same string, without a copy.
    const lower = raw.toLowerCase();
    return lower !== raw && HEX.test(raw) ? lower : raw;
  }
  if (raw.length >= Math.ceil(bytes / 3) * 4 - 2 && raw.length <= Math.ceil(bytes / 3) * 4) {
    const decoded = Buffer.from(raw, 'base64');
    if (decoded.length === bytes) return decoded.toString('hex');
  }
  return raw;
}

/** Nanoseconds since the epoch (int64 as a string or a number) → milliseconds. */
export function nanosToMillis(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw / 1e6 : undefined;
  if (typeof raw !== 'string' || raw === '') return undefined;
  const digits = digitMillis(raw);
  if (digits !== undefined) return digits;
  // Split so the integer milliseconds stay exact beyond 2^53 nanoseconds.
  const ms =
    raw.length <= 6 ? Number(raw) / 1e6 : Number(raw.slice(0, -6)) + Number(raw.slice(-6)) / 1e6;
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/**
 * The common case, plain decimal digits, read without slicing the text (a trace file has two
 * timestamps a span); undefined for anything else, which takes the general path.
 */
function digitMillis(raw: string): number | undefined {
  const cut = raw.length - 6;
  if (cut <= 0 || cut > 15) return undefined;
  let ms = 0;
  let fraction = 0;
  for (let i = 0; i < raw.length; i++) {
    const d = raw.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return undefined;
    if (i < cut) ms = ms * 10 + d;
    else fraction = fraction * 10 + d;
  }
  return ms + fraction / 1e6;
}

type Primitive = string | number | boolean;

/** One OTLP AnyValue as a plain value: kvlists become objects, arrays arrays; undefined if empty. */
function plain(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return intOf(v.intValue);
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (v.boolValue !== undefined) return v.boolValue === true || v.boolValue === 'true';
  if (v.bytesValue !== undefined) return v.bytesValue;
  if (v.arrayValue !== undefined) return listOf(v.arrayValue).map(plain);
  if (v.kvlistValue !== undefined) {
    const out: Record<string, unknown> = {};
    for (const kv of listOf(v.kvlistValue)) {
      const entry = kv as { key?: unknown; value?: unknown };
      if (typeof entry.key === 'string') out[entry.key] = plain(entry.value);
    }
    return out;
  }
  return undefined;
}

function intOf(raw: unknown): number | string {
  const n = Number(raw);
  // A 64-bit integer beyond double precision stays text rather than silently change.
  return Number.isSafeInteger(n) ? n : String(raw);
}

function listOf(container: unknown): unknown[] {
  const values = (container as { values?: unknown } | null)?.values;
  return Array.isArray(values) ? values : [];
}

/**
 * An OTLP attribute value as a SpanRecord attribute: primitives as they are, arrays of one
 * primitive type as arrays, kvlists (and mixed or nested arrays) as JSON text.
 */
export function attrValue(value: unknown): AttrValue | undefined {
  const v = plain(value);
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (Array.isArray(v) && isHomogeneous(v)) return v as AttrValue;
  return JSON.stringify(v);
}

function isHomogeneous(values: unknown[]): values is Primitive[] {
  const first = values[0];
  const type = typeof first;
  if (type !== 'string' && type !== 'number' && type !== 'boolean') return values.length === 0;
  return values.every((x) => typeof x === type);
}
