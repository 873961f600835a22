import type { AttrValue } from './span-record.ts';

type Attrs = Readonly<Record<string, AttrValue | undefined>>;

/** A string attribute, or undefined when absent or of another type. */
export function str(attrs: Attrs, key: string): string | undefined {
  const v = attrs[key];
  return typeof v === 'string' ? v : undefined;
}

/** A number attribute; numeric strings (as some OTLP writers emit int64) are accepted. */
export function num(attrs: Attrs, key: string): number | undefined {
  const v = attrs[key];
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

export function bool(attrs: Attrs, key: string): boolean | undefined {
  const v = attrs[key];
  if (typeof v === 'boolean') return v;
  if (v === 'true' || v === 'false') return v === 'true';
  return undefined;
}

/** A string-array attribute; a single string becomes a one-element list, JSON arrays are read. */
export function strList(attrs: Attrs, key: string): string[] {
  const v = attrs[key];
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string') {
    if (v.startsWith('[')) {
      const parsed = parseJson(v);
      if (Array.isArray(parsed)) return parsed.map(String);
    }
    return v === '' ? [] : [v];
  }
  return [];
}

/** Parses JSON text; returns the text itself when it is not JSON. */
export function parseJson(text: string): unknown {
  const first = text.trimStart()[0];
  if (first !== '{' && first !== '[' && first !== '"') return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
