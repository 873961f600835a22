import type { IdentityRule } from '../model/effects-config.ts';

/** The business key of a request, or `?` with the reason it could not be read. */
export type Identity =
  | { readonly key: string; readonly problem?: undefined }
  | { readonly key: '?'; readonly problem: string };

/** What identity rules read from: the request's URL, headers and (parsed) body. */
export interface RequestParts {
  readonly url: URL;
  readonly headers: Headers;
  /** The body text; empty when there is none. */
  readonly body: string;
}

/** Reads a key by `rule`: a dotted path into the JSON body, a header, or a query parameter. */
export function readIdentity(rule: IdentityRule, request: RequestParts): Identity {
  if ('header' in rule) {
    const value = request.headers.get(rule.header);
    return value === null || value === '' ? unreadable(`no ${rule.header} header`) : { key: value };
  }
  if ('query' in rule) {
    const value = request.url.searchParams.get(rule.query);
    return value === null || value === ''
      ? unreadable(`no ${rule.query} query parameter`)
      : { key: value };
  }
  return readBodyPath(rule.body, request.body);
}

function readBodyPath(path: string, body: string): Identity {
  if (body.trim() === '') return unreadable(`no body to read ${path} from`);
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return unreadable(`the body is not JSON, so ${path} cannot be read`);
  }
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, segment))
      return unreadable(`the body has no ${path}`);
    value = (value as Record<string, unknown>)[segment];
  }
  if (typeof value === 'string')
    return value === '' ? unreadable(`${path} is empty`) : { key: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { key: String(value) };
  return unreadable(`${path} is ${value === null ? 'null' : 'not a string or number'}`);
}

function unreadable(problem: string): Identity {
  return { key: '?', problem };
}
