import { DEFAULT_REDACTION, type Redaction } from '../../redact/redaction.ts';
import { REDACTED } from '../../redact/secret-keys.ts';

/** What a redacted value is replaced with, in cassettes and in request spans. */
export { REDACTED } from '../../redact/secret-keys.ts';

/** True for JSON fields and query parameters whose values are secrets. */
export function isSecretField(name: string, r: Redaction = DEFAULT_REDACTION): boolean {
  return r.keys.hasParam(name);
}

/** A copy of a JSON value with every secret field's value and every secret-shaped text replaced. */
export function redactJson(value: unknown, r: Redaction = DEFAULT_REDACTION): unknown {
  return r.value(value);
}

/** True when `redactJson` would change something. */
export function hasSecrets(value: unknown, r: Redaction = DEFAULT_REDACTION): boolean {
  return JSON.stringify(r.value(value)) !== JSON.stringify(value);
}

/** A copy of a URL whose secret query parameters (`?api_key=…`, `?key=…`) are replaced. */
export function redactUrl(url: URL, r: Redaction = DEFAULT_REDACTION): URL {
  const copy = new URL(url.href);
  for (const name of new Set(copy.searchParams.keys()))
    if (r.keys.hasParam(name)) {
      const count = copy.searchParams.getAll(name).length;
      copy.searchParams.delete(name);
      for (let i = 0; i < count; i++) copy.searchParams.append(name, REDACTED);
    }
  return copy;
}

/**
 * Headers as a plain object (lower-case names, sorted): Baton's secret headers, the listed ones
 * (`cassette.redact_headers` adds to Baton's) and secret-shaped values redacted.
 */
export function redactHeaders(
  headers: Headers,
  redact: readonly string[],
  drop: readonly string[] = [],
  r: Redaction = DEFAULT_REDACTION,
): Record<string, string> {
  const secret = new Set(redact.map((h) => h.toLowerCase()));
  const out: Record<string, string> = {};
  const names = [...headers.keys()].sort();
  for (const name of names) {
    if (drop.includes(name)) continue;
    const value = headers.get(name) ?? '';
    out[name] = secret.has(name) || r.keys.has(name) ? REDACTED : r.text(value);
  }
  return out;
}
