/**
 * Attributes the HTTP ledger writes besides the shared ones in `src/conventions/attributes.ts`.
 * They explain a span (why a key is `?`, which fault hit, which commit this was); no check needs
 * them to reach a verdict.
 */
export const EFFECT_ATTR = {
  /** Why the identity key could not be read (the key is then `?`). */
  keyProblem: 'baton.effect.key_problem',
  /** 1 for the first commit of this identity in the case, 2 for the second (a double), … */
  commit: 'baton.effect.commit',
  /** On a request span: the effect endpoint it reached. */
  requestEffect: 'baton.request.effect',
  /** On a request span: answered from an earlier commit with the same dedupe value. */
  deduplicated: 'baton.request.deduplicated',
  /** On a request span: the injected fault (`http_error`, `lost_response`). */
  fault: 'baton.request.fault',
  /** On a request span: `endpoint`, `cassette`, `allowed`, `fake_host` or `refused`. */
  route: 'baton.request.route',
  /** On a request span: the request's async context was lost; attributed to the only running case. */
  contextLost: 'baton.request.context_lost',
  serverPort: 'server.port',
} as const;
