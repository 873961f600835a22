/** What a redacted value is replaced with, everywhere Baton writes. */
export const REDACTED = '[REDACTED]';

// Compared lower-case without `_`, `-` or `.`: api_key, apiKey, API-KEY and api.key are one name.
const EXACT = [
  'authorization',
  'proxyauthorization',
  'cookie',
  'setcookie',
  'apikey',
  'xapikey',
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'credentials',
  'sessionkey',
  'sessionid',
  'privatekey',
  'clientsecret',
  'idtoken',
  'accesstoken',
  'refreshtoken',
];

// A name ending in one of these is a secret too: github_token, stripe_secret, db_password.
const SUFFIXES = [
  'token',
  'secret',
  'password',
  'passwd',
  'apikey',
  'privatekey',
  'secretkey',
  'sessionkey',
  'accesskey',
  'authorization',
];

/** Names that are secrets only in a URL query or a form body, where `?key=` is an API key. */
const URL_ONLY = ['key', 'sig', 'signature', 'auth', 'code'];

export function normalizeKey(name: string): string {
  return name.toLowerCase().replace(/[-_.\s]/g, '');
}

/** The secret names Baton knows, plus a suite's own (`redact.keys`). */
export class SecretKeys {
  private readonly exact: ReadonlySet<string>;
  // Reports repeat the same few names thousands of times: judge each name once.
  private readonly seen = new Map<string, boolean>();

  constructor(extra: readonly string[] = []) {
    this.exact = new Set([...EXACT, ...extra.map(normalizeKey)]);
  }

  /** True for a header, field or parameter whose value is a secret (JSON, headers, text). */
  has(name: string): boolean {
    let secret = this.seen.get(name);
    if (secret === undefined) {
      const key = normalizeKey(name);
      secret = this.exact.has(key) || SUFFIXES.some((s) => key.endsWith(s));
      if (this.seen.size < 10_000) this.seen.set(name, secret);
    }
    return secret;
  }

  /** True for a query or form parameter whose value is a secret: also `key`, `sig`, `code`. */
  hasParam(name: string): boolean {
    return this.has(name) || URL_ONLY.includes(normalizeKey(name));
  }
}
