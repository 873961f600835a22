import { type Context, type Span, SpanStatusCode, type Tracer } from '@opentelemetry/api';
import { ATTR, EVENT, HTTP } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR } from '../conventions/model-traffic.ts';
import { EFFECT_ATTR } from './attributes.ts';
import { effectivePort } from './hosts.ts';
import type { Identity } from './identity.ts';

/** How the ledger routed a request. */
export type Route = 'endpoint' | 'cassette' | 'allowed' | 'fake_host' | 'refused';

/** Starts the `request` span of one outbound request, under the caller's context. */
export function startRequestSpan(
  tracer: Tracer,
  parent: Context,
  request: { readonly method: string; readonly url: URL; readonly agent?: string | undefined },
  contextLost: boolean,
): Span {
  const { method, url, agent } = request;
  return tracer.startSpan(
    `HTTP ${method} ${url.host}`,
    {
      attributes: {
        [ATTR.event]: EVENT.request,
        [HTTP.method]: method,
        [HTTP.url]: url.href,
        [HTTP.host]: url.hostname,
        [EFFECT_ATTR.serverPort]: Number(effectivePort(url)),
        [ATTR.requestRefused]: false,
        ...(agent !== undefined && { [ATTR.agent]: agent }),
        ...(contextLost && { [EFFECT_ATTR.contextLost]: true }),
      },
    },
    parent,
  );
}

/** Ends a request span with what became of it: a status, a network error, or a refusal. */
export function endRequestSpan(
  span: Span,
  route: Route,
  outcome: { readonly status?: number; readonly error?: string },
): void {
  span.setAttribute(EFFECT_ATTR.route, route);
  if (route === 'refused') span.setAttribute(ATTR.requestRefused, true);
  if (outcome.status !== undefined) span.setAttribute(HTTP.status, outcome.status);
  if (outcome.error !== undefined)
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.error });
  span.end();
}

export interface EffectRecord {
  readonly name: string;
  readonly identity: Identity;
  readonly owner?: string | undefined;
  /** The agent that made the call, when its framework named it (else: the agent span above). */
  readonly agent?: string | undefined;
  /** With `model_traffic`, when no framework named the agent: whose model response came last. */
  readonly activeAgent?: string | undefined;
  /**
   * With `model_traffic`: the model response (one that made several calls) this call carries
   * out, whose other calls it has no order against (`MODEL_TRAFFIC_ATTR.response`).
   */
  readonly response?: string | undefined;
  /** `blocked`: a shadow run's fake answered; nothing was done (and nothing counts as done). */
  readonly outcome: 'committed' | 'failed' | 'blocked';
  /** The ordinal of this commit of the identity in the case (committed effects only). */
  readonly commit?: number;
}

/** Emits the `effect` span of one call at a fake endpoint, as a sibling of its request span. */
export function emitEffectSpan(tracer: Tracer, parent: Context, effect: EffectRecord): void {
  const { name, identity, owner, agent, activeAgent, response, outcome, commit } = effect;
  tracer
    .startSpan(
      `effect ${name} ${identity.key}`,
      {
        attributes: {
          [ATTR.event]: EVENT.effect,
          [ATTR.effectName]: name,
          [ATTR.effectKey]: identity.key,
          [ATTR.effectOutcome]: outcome,
          [ATTR.effectVia]: 'http',
          ...(owner !== undefined && { [ATTR.effectOwner]: owner }),
          ...(agent !== undefined && { [ATTR.agent]: agent }),
          ...(activeAgent !== undefined && { [MODEL_TRAFFIC_ATTR.activeAgent]: activeAgent }),
          ...(response !== undefined && { [MODEL_TRAFFIC_ATTR.response]: response }),
          ...(identity.problem !== undefined && { [EFFECT_ATTR.keyProblem]: identity.problem }),
          ...(commit !== undefined && { [EFFECT_ATTR.commit]: commit }),
        },
      },
      parent,
    )
    .end();
}
