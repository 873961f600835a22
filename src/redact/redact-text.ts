import { REDACTED, type SecretKeys } from './secret-keys.ts';
import { redactValues, VALUE_PATTERNS } from './secret-values.ts';

/** A suite's own value patterns, compiled to run in linear time (see user-patterns.ts). */
export interface TextPattern {
  replaceAll(text: string, replacement: string): string;
}

// A header or cookie line: the whole rest of the line is the secret.
const COOKIE_LINE = /(?<![\w-])((?:set-)?cookie)(["']?\s{0,8}[:=]\s{0,8})([^\r\n"']{1,4096})/gi;
// `"name": "value"` (JSON text) and `name: 'value'` (printed objects).
const QUOTED =
  /(["']?)([A-Za-z][\w.-]{0,63})\1(\s{0,8}[:=]\s{0,8})(["'])((?:(?!\4)[^\\]|\\.){0,4096})\4/g;
// `name=value`, `name: value` (headers, form bodies, logs), the value up to a separator.
const BARE =
  /(?<![\w.-])([A-Za-z][\w.-]{0,63})(\\{0,4}["']?\s{0,8}[:=]\s{0,8}(?:\\{0,4}["'])?)([^\s"'\\&,;<>{}()[\]]{1,4096})/g;
// `?key=value` and `&key=value` in URLs.
const QUERY = /([?&])([\w.-]{1,64})=([^&#\s"'<>]{1,4096})/g;

// Every way `redactText` can change a text starts with one of these: the shape hints of
// secret-values.ts, a cookie line, or a `:` / `=` between a name and its value.
const TRIGGER = new RegExp(
  [...VALUE_PATTERNS.map((p) => p.hint.source), '[:=]', '[Cc][Oo][Oo][Kk][Ii][Ee]'].join('|'),
);

/**
 * Every `name: value` / `name=value` whose name is a secret, its value [REDACTED]. A pair whose
 * name is not a secret gives up only its name and separator: its value is read again, so that
 * `note: password=…` or `"msg": "api_key=…"` redacts the pair inside.
 */
function redactBarePairs(text: string, keys: SecretKeys): string {
  BARE.lastIndex = 0;
  let out = '';
  let last = 0;
  for (let m = BARE.exec(text); m !== null; m = BARE.exec(text)) {
    const [whole, name = '', sep = '', value] = m;
    if (!keys.has(name) || value === REDACTED) {
      // At least the name's first character is behind: the scan always moves on.
      BARE.lastIndex = m.index + name.length + sep.length;
      continue;
    }
    out += `${text.slice(last, m.index)}${name}${sep}${REDACTED}`;
    last = m.index + whole.length;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** False when no default rule of `redactText` can change `text` (a suite's own may still). */
export function mayHoldSecret(text: string): boolean {
  return TRIGGER.test(text);
}

/**
 * `text` with every secret replaced by [REDACTED]: values of secret names however they are
 * written (`"api_key":"…"`, `password=…`, `Authorization: Bearer …`, `?key=…`), secrets of a
 * known shape anywhere (API keys, tokens, JWTs, private keys, card numbers), and whatever the
 * suite's own patterns match.
 */
export function redactText(
  text: string,
  keys: SecretKeys,
  patterns: readonly TextPattern[] = [],
): string {
  let out = redactValues(text);
  if (/cookie/i.test(out))
    out = out.replace(COOKIE_LINE, (m, name, sep) =>
      keys.has(name) ? `${name}${sep}${REDACTED}` : m,
    );
  const pairs = /[:=]/.test(out);
  // A quoted pair needs a quote, a URL parameter a `?` or `&`: a text without one skips it.
  if (pairs && /["']/.test(out))
    out = out.replace(QUOTED, (m, q, name, sep, open) =>
      keys.has(name) && !m.endsWith(`${REDACTED}${open}`)
        ? `${q}${name}${q}${sep}${open}${REDACTED}${open}`
        : m,
    );
  if (pairs) out = redactBarePairs(out, keys);
  if (pairs && /[?&]/.test(out))
    out = out.replace(QUERY, (m, lead, name) =>
      keys.hasParam(name) ? `${lead}${name}=${REDACTED}` : m,
    );
  for (const p of patterns) out = p.replaceAll(out, REDACTED);
  return out;
}
