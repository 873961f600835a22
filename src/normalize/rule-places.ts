import { isLocator } from '../model/locator.ts';
import type { Place } from '../model/recognition-rule.ts';
import { compileSafe, type SafeMatch } from '../safe-regex.ts';
import { parseJson } from './attrs.ts';
import type { SpanRecord } from './span-record.ts';

/** Reads one value off a span, as a rule's place says. */
export type Locate = (span: SpanRecord) => unknown;
/** A compiled name or attribute pattern: the match (with groups) or null. */
export type Match = (text: string) => SafeMatch | null;

const REGEX = /^\/(.*)\/([a-z]*)$/s;

/** `/regex/flags` as a regex; any other text must match exactly. */
export function matcher(pattern: string): Match {
  const re = REGEX.exec(pattern);
  if (re) {
    const regex = compileSafe(re[1] ?? '', re[2]);
    return (t) => regex.exec(t);
  }
  return (t) => (t === pattern ? [t] : null);
}

/**
 * A place as a function of the span: `attr:<key>`, `json:<key>:<dotted.path>` (a path into an
 * attribute's JSON), `name:<regex>` (group 1 of a regex on the span name), `name` (group 1 of the
 * rule's own name regex), or `{ value }`, the same for every span; a list is read in order until
 * one of its places finds a non-empty value.
 */
export function locate(place: Place, ruleName: Match | undefined): Locate {
  if (Array.isArray(place)) {
    const tries = place.map((p) => locate(p, ruleName));
    return (s) => {
      for (const t of tries) {
        const value = t(s);
        if (value !== undefined && value !== null && value !== '') return value;
      }
      return undefined;
    };
  }
  if (typeof place !== 'string') {
    const { value } = place;
    return () => value;
  }
  if (place.startsWith('attr:')) {
    const key = place.slice(5);
    return (s) => s.attributes[key];
  }
  if (place.startsWith('json:')) {
    const [key = '', ...path] = place.slice(5).split(':');
    const steps = path.join(':').split('.').filter(Boolean);
    return (s) => {
      const raw = s.attributes[key];
      return at(typeof raw === 'string' ? parseJson(raw) : raw, steps);
    };
  }
  if (place === 'name') return (s) => group(ruleName?.(s.name));
  if (place.startsWith('name:')) {
    const regex = compileSafe(place.slice(5));
    return (s) => group(regex.exec(s.name));
  }
  // The schema admits only the forms above; reaching here is a bug in Baton, not in the suite.
  throw new Error(`unknown place "${place}"`);
}

/** Text written in a rule is a literal (a reason or effect name) unless it reads as a place. */
export function locateOrLiteral(value: Place, ruleName: Match | undefined): Locate {
  if (typeof value === 'string' && !isLocator(value)) return () => value;
  return locate(value, ruleName);
}

function group(m: SafeMatch | null | undefined): string | undefined {
  return m ? (m[1] ?? m[0]) : undefined;
}

function at(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const step of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[step];
  }
  return v;
}

/** A value as trimmed text; undefined when it is absent, empty or not a scalar. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** A value as a list of texts: a list as it is, JSON list text parsed, other text split at commas. */
export function textList(value: unknown): string[] {
  const v = typeof value === 'string' ? parseJson(value) : value;
  if (Array.isArray(v)) return v.flatMap((x) => text(x) ?? []);
  const one = text(v);
  return one === undefined
    ? []
    : one
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
}
