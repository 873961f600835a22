/** What a redacted value is replaced with, in cassettes and in request spans. */
export const REDACTED = '[REDACTED]';

// Compared without case, `_` or `-`: api_key, apiKey and API-KEY are one field.
const SECRET_FIELDS = new Set([
  'apikey',
  'token',
  'secret',
  'password',
  'accesstoken',
  'refreshtoken',
  'clientsecret',
]);

/** True for JSON fields and query parameters whose values are secrets. */
export function isSecretField(name: string): boolean {
  return SECRET_FIELDS.has(name.toLowerCase().replace(/[-_]/g, ''));
}

/** A copy of a JSON value with every secret field's value replaced, at any depth. */
export function redactJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactJson);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = isSecretField(k) ? REDACTED : redactJson(v);
  return out;
}

/** True when `redactJson` would change something. */
export function hasSecrets(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasSecrets);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => isSecretField(k) || hasSecrets(v));
}

/** A copy of a URL whose secret query parameters (`?api_key=…`) are replaced. */
export function redactUrl(url: URL): URL {
  const copy = new URL(url.href);
  for (const name of new Set(copy.searchParams.keys()))
    if (isSecretField(name)) {
      const count = copy.searchParams.getAll(name).length;
      copy.searchParams.delete(name);
      for (let i = 0; i < count; i++) copy.searchParams.append(name, REDACTED);
    }
  return copy;
}

/** Headers as a plain object (lower-case names, sorted), the listed ones redacted. */
export function redactHeaders(
  headers: Headers,
  redact: readonly string[],
  drop: readonly string[] = [],
): Record<string, string> {
  const secret = new Set(redact.map((h) => h.toLowerCase()));
  const out: Record<string, string> = {};
  const names = [...headers.keys()].sort();
  for (const name of names) {
    if (drop.includes(name)) continue;
    out[name] = secret.has(name) ? REDACTED : (headers.get(name) ?? '');
  }
  return out;
}
