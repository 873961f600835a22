import { DEFAULT_REDACTION, type Redaction } from '../../redact/redaction.ts';
import { hasSecrets, redactJson } from './redact.ts';

/** A body in a cassette: JSON (readable), text, or base64 for bytes that are not UTF-8. */
export type CassetteBody =
  | { readonly json: unknown }
  | { readonly text: string }
  | { readonly base64: string };

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array): string | undefined {
  try {
    return utf8.decode(bytes);
  } catch {
    return undefined;
  }
}

function parse(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * A request body as the cassette keeps it: JSON bodies parsed (so key order and spacing do not
 * matter) with secret fields redacted. Used for both recording and the replay lookup key.
 */
export function requestBody(
  bytes: Uint8Array,
  r: Redaction = DEFAULT_REDACTION,
): CassetteBody | undefined {
  if (bytes.length === 0) return undefined;
  const text = decode(bytes);
  if (text === undefined) return { base64: Buffer.from(bytes).toString('base64') };
  const json = parse(text);
  // Text bodies (form-encoded `api_key=…&password=…`, plain text) are redacted as text.
  return json ? { json: redactJson(json.value, r) } : { text: r.text(text) };
}

/** A stored body as the replay key sees it: redacted again, so a cassette recorded before a rule existed still replays. */
export function redactedBody(
  body: CassetteBody | undefined,
  r: Redaction = DEFAULT_REDACTION,
): CassetteBody | undefined {
  if (body === undefined || 'base64' in body) return body;
  return 'json' in body ? { json: r.value(body.json) } : { text: r.text(body.text) };
}

/**
 * A response body as the cassette keeps it, so replay gives back the same bytes: JSON only when
 * re-serialising gives the same text, text otherwise. A JSON body with secret fields is redacted
 * (and then replays as compact JSON, no longer byte-identical).
 */
export function responseBody(
  bytes: Uint8Array,
  r: Redaction = DEFAULT_REDACTION,
): CassetteBody | undefined {
  if (bytes.length === 0) return undefined;
  const text = decode(bytes);
  if (text === undefined) return { base64: Buffer.from(bytes).toString('base64') };
  const json = parse(text);
  if (json && hasSecrets(json.value, r)) return { json: redactJson(json.value, r) };
  if (json && JSON.stringify(json.value) === text) return { json: json.value };
  return { text: r.text(text) };
}

/** The bytes a cassette body replays as. */
export function bodyBytes(body: CassetteBody | undefined): Uint8Array | null {
  if (body === undefined) return null;
  if ('json' in body) return new TextEncoder().encode(JSON.stringify(body.json));
  if ('text' in body) return new TextEncoder().encode(body.text);
  return new Uint8Array(Buffer.from(body.base64, 'base64'));
}
