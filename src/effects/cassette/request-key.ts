import type { CassetteBody } from './body.ts';
import { redactUrl } from './redact.ts';

/** The URL as cassettes key it: secret parameters redacted, query sorted by name, no fragment. */
export function normalizeUrl(url: string | URL): string {
  const copy = redactUrl(new URL(url));
  copy.hash = '';
  copy.searchParams.sort();
  return copy.href;
}

/** JSON text with object keys sorted at every depth, so key order never changes a key. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

/**
 * The replay key of a request: method, normalised URL and canonical body. Headers are left out:
 * they carry credentials and client versions that change between recording and replay.
 */
export function requestKey(method: string, url: string, body: CassetteBody | undefined): string {
  return `${method.toUpperCase()} ${normalizeUrl(url)}\n${bodyKey(body)}`;
}

function bodyKey(body: CassetteBody | undefined): string {
  if (body === undefined) return '';
  if ('json' in body) return canonicalJson(body.json);
  if ('text' in body) return `text:${body.text}`;
  return `base64:${body.base64}`;
}
