import { HttpResponse, http } from 'msw';
import type { EffectEndpoint } from '../model/effects-config.ts';
import { EFFECT_ATTR } from './attributes.ts';
import type { CaseState, StoredAnswer } from './case-state.ts';
import { type RequestParts, readIdentity } from './identity.ts';
import type { Call } from './ledger.ts';
import { waitUntilCallerGivesUp } from './lost-response.ts';
import type { ActingOn } from './model-traffic/observer.ts';
import { emitEffectSpan } from './spans.ts';

export interface EndpointOptions {
  /** Starts the ledger's record of a request (its request span, its case). */
  readonly begin: (request: Request, requestId: string) => Call;
  /** Aborted when the run ends. */
  readonly runSignal: AbortSignal;
  readonly lostResponseMaxMs: number;
  /** A shadow run: a call the fake answers is recorded `blocked`, never `committed`. */
  readonly shadow?: boolean;
  /**
   * With `model_traffic`: who acts for a call no framework attributes, and which of the case's
   * model responses (one that made several calls) the call carries out (`actingOn`).
   */
  readonly actingOn?: (call: Call) => Promise<ActingOn | undefined>;
}

/** The msw handler that fakes one effect endpoint: faults, dedupe, commits and their spans. */
export function fakeEndpoint(endpoint: EffectEndpoint, o: EndpointOptions) {
  const method = endpoint.method.toLowerCase() as Lowercase<EffectEndpoint['method']>;
  return http[method](endpoint.url, async ({ request, requestId }) => {
    const call = o.begin(request, requestId);
    call.annotate({ [EFFECT_ATTR.requestEffect]: endpoint.name });
    return answer(endpoint, call, o);
  });
}

async function answer(endpoint: EffectEndpoint, call: Call, o: EndpointOptions): Promise<Response> {
  const { state } = call;
  const parts = { url: call.url, headers: call.request.headers, body: await call.bodyText() };
  const identity = readIdentity(endpoint.identity, parts);
  // Asked only for a call no framework attributes: the answer waits for the responses in flight.
  const acting = call.agent === undefined && o.actingOn ? await o.actingOn(call) : undefined;
  const effect = {
    name: endpoint.name,
    identity,
    owner: endpoint.owner,
    agent: call.agent,
    activeAgent: acting?.agent,
    response: call.response ?? acting?.response,
  };

  const error = state.faults.takeHttpError(endpoint.name);
  if (error) {
    emitEffectSpan(call.tracer, call.parent, { ...effect, outcome: 'failed' });
    call.annotate({ [EFFECT_ATTR.fault]: 'http_error' });
    state.injected.push(
      `http_error ${error.status} at ${endpoint.name} (${call.request.method} ${call.url})`,
    );
    const body = { error: `Baton injected http_error ${error.status} at ${endpoint.name}` };
    return call.answer('endpoint', HttpResponse.json(body, { status: error.status }));
  }

  const dedupeKey = dedupeKeyOf(endpoint, parts);
  const earlier = dedupeKey === undefined ? undefined : state.answered.get(dedupeKey);
  if (earlier) {
    call.annotate({ [EFFECT_ATTR.deduplicated]: true });
    return call.answer('endpoint', respond(earlier));
  }

  const stored: StoredAnswer = {
    status: endpoint.respond.status,
    body: endpoint.respond.body ?? { ok: true },
  };
  const commit = countCommit(state, endpoint.name, identity.key);
  const outcome = o.shadow ? 'blocked' : 'committed';
  emitEffectSpan(call.tracer, call.parent, { ...effect, outcome, commit });
  if (dedupeKey !== undefined) state.answered.set(dedupeKey, stored);

  const lost = state.faults.takeLostResponse(endpoint.name);
  if (!lost) return call.answer('endpoint', respond(stored));
  state.injected.push(
    `lost_response (${lost.mode}) at ${endpoint.name} after the commit (${call.request.method} ${call.url})`,
  );
  return loseAnswer(call, lost.mode, o);
}

/** The commit happened; the caller never hears of it (a dropped connection or a hang). */
async function loseAnswer(call: Call, mode: 'reset' | 'timeout', o: EndpointOptions) {
  call.annotate({ [EFFECT_ATTR.fault]: 'lost_response' });
  if (mode === 'timeout') {
    const { state } = call;
    const signals = [call.request.signal, state.ended.signal, o.runSignal, state.caseSignal?.()];
    await waitUntilCallerGivesUp(signals, o.lostResponseMaxMs);
  }
  return call.fail('endpoint', `Baton injected lost_response (${mode}) after the commit`);
}

/** The dedupe store's key for this call; undefined without a dedupe rule or value. */
function dedupeKeyOf(endpoint: EffectEndpoint, parts: RequestParts): string | undefined {
  if (!endpoint.dedupe) return undefined;
  const value = readIdentity(endpoint.dedupe, parts);
  return value.problem === undefined ? `${endpoint.name}\0${value.key}` : undefined;
}

function countCommit(state: CaseState, effect: string, key: string): number {
  const id = `${effect}\0${key}`;
  const n = (state.commits.get(id) ?? 0) + 1;
  state.commits.set(id, n);
  state.onCommit?.();
  return n;
}

function respond(answer: StoredAnswer): Response {
  // Statuses such as 204 carry no body.
  if (answer.status === 204 || answer.status === 205)
    return new HttpResponse(null, { status: answer.status });
  return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status });
}
