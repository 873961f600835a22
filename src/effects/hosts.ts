/**
 * Which hosts a run may reach. An entry `name` matches that host name on any port; `name:port`
 * only that port. Loopback is not special: `127.0.0.1` and `localhost` are refused unless listed.
 */
export class HostList {
  private readonly entries: readonly { hostname: string; port?: string }[];

  constructor(entries: readonly string[]) {
    this.entries = entries.map(parseEntry);
  }

  has(url: URL): boolean {
    const hostname = url.hostname.toLowerCase();
    const port = effectivePort(url);
    return this.entries.some(
      (e) => e.hostname === hostname && (e.port === undefined || e.port === port),
    );
  }
}

/** One `effects.allow_hosts` entry as a host name and, when it names one, a port. */
export function parseEntry(entry: string): { hostname: string; port?: string } {
  const text = entry.trim().toLowerCase();
  // Accept `https://host:port/…` as well as a bare `host:port`.
  const url =
    URL.canParse(text) && text.includes('://') ? new URL(text) : new URL(`http://${text}`);
  const explicitPort = url.port !== '' || /:\d+$/.test(text.split('/')[0] ?? '');
  return explicitPort
    ? { hostname: url.hostname, port: effectivePort(url) }
    : { hostname: url.hostname };
}

/** The port a URL reaches, with the scheme's default filled in. */
export function effectivePort(url: URL): string {
  if (url.port !== '') return url.port;
  return url.protocol === 'https:' || url.protocol === 'wss:' ? '443' : '80';
}

/**
 * Matches the host part of msw URL patterns (`https://payments.test/refunds`,
 * `https://*.stripe.test/:path`): requests to these hosts are answered by the fake, never sent.
 */
export class PatternHosts {
  private readonly patterns: readonly RegExp[];

  constructor(urlPatterns: readonly string[]) {
    this.patterns = urlPatterns.flatMap((p) => {
      const host = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]+)/i.exec(p)?.[1];
      return host === undefined ? [] : [hostPattern(host)];
    });
  }

  has(url: URL): boolean {
    return this.patterns.some((p) => p.test(url.host.toLowerCase()));
  }
}

function hostPattern(host: string): RegExp {
  const source = host
    .toLowerCase()
    .split(/(\*|:[a-z_][a-z0-9_]*)/i)
    .map((part, i) => (i % 2 === 1 ? (part === '*' ? '.*' : '[^.:]+') : escapeRegExp(part)))
    .join('');
  return new RegExp(`^${source}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
