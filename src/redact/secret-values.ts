import { isCardNumber } from './card-number.ts';
import { REDACTED } from './secret-keys.ts';

/** A secret recognised by its shape, wherever it appears in a text. */
interface ValuePattern {
  readonly name: string;
  /** A cheap test first: text it cannot match is never scanned by `pattern`. */
  readonly hint: RegExp;
  readonly pattern: RegExp;
  /** The replacement; by default the whole match becomes [REDACTED]. */
  readonly replace?: (match: string, ...groups: string[]) => string;
}

// Every quantifier is bounded or anchored on a fixed prefix, so no text makes these backtrack
// for long: they run over everything Baton writes.
export const VALUE_PATTERNS: readonly ValuePattern[] = [
  {
    name: 'private key',
    hint: /-----BEGIN/,
    pattern:
      /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----[\s\S]{0,20000}?(?:-----END [A-Z0-9 ]{0,40}PRIVATE KEY-----|$)/g,
  },
  {
    name: 'JSON web token',
    hint: /eyJ/,
    pattern: /\beyJ[\w-]{5,4096}\.eyJ[\w-]{5,8192}\.[\w-]{0,4096}/g,
  },
  {
    name: 'bearer or basic credentials',
    hint: /earer|asic|oken/,
    pattern: /\b([Bb]earer|[Bb]asic|[Tt]oken)(\s{1,8})[\w~+/.=-]{8,4096}/g,
    replace: (_m, scheme, space) => `${scheme}${space}${REDACTED}`,
  },
  {
    name: 'API key (sk-live-…, sk-ant-…, rk_test_…, sk-proj-…)',
    hint: /k[-_]/,
    pattern: /\b[rsp]k[-_](?:live|test|ant|proj|svcacct|admin)[-_][\w-]{4,512}/g,
  },
  { name: 'OpenAI-style key (sk-…)', hint: /sk-/, pattern: /\bsk-[A-Za-z0-9_-]{20,512}/g },
  {
    name: 'AWS access key id',
    hint: /A[KSBC][IC]A/,
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
  },
  {
    name: 'GitHub token',
    hint: /gh[pousr]_|github_pat_/,
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_\w{22,255})/g,
  },
  { name: 'Slack token', hint: /xox/, pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,255}/g },
  { name: 'Google API key', hint: /AIza/, pattern: /\bAIza[\w-]{35}/g },
  {
    name: 'payment card number (Luhn-checked)',
    // Twelve digits, spaced or not: whatever the pattern matches starts so (an order number or
    // a case id with a few digits is not scanned again).
    hint: /\d(?:[ -]?\d){11}/,
    pattern: /(?<![\d-])\d(?:[ -]?\d){11,18}(?![\d])/g,
    replace: (m) => (isCardNumber(m) ? REDACTED : m),
  },
];

/** Replaces every secret of a known shape in `text`. */
export function redactValues(text: string): string {
  let out = text;
  for (const { hint, pattern, replace } of VALUE_PATTERNS) {
    if (!hint.test(out)) continue;
    out = out.replace(pattern, (match, ...groups) =>
      replace ? replace(match, ...(groups as string[])) : REDACTED,
    );
  }
  return out;
}
