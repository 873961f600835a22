import type { Attributes, Tracer } from '@opentelemetry/api';
import { ATTR, EVENT } from '../conventions/attributes.ts';
import { emitSpan } from './emit-span.ts';

/**
 * Helpers for implementations to report side effects and leases on work with the plain
 * OpenTelemetry API (docs/conventions.md). Like the handoff helpers, each starts and ends one span
 * under the active context, so inside `withAgentTurn` the agent is known without naming it.
 */
const emit = emitSpan;

export interface EffectSpec {
  /** What kind of effect, e.g. `refund`, `email`. */
  readonly effect: string;
  /** The business key that makes it one effect, e.g. the order id. */
  readonly key: string | number;
  /** Who did it; absent: the agent of the enclosing agent turn. */
  readonly agent?: string;
  /** committed (the default): it happened; failed: nothing happened; blocked: not sent. */
  readonly outcome?: 'committed' | 'failed' | 'blocked';
}

/** Records a side effect with its identity (effect, key), once per attempt. */
export function emitEffect(spec: EffectSpec, tracer?: Tracer): void {
  const attributes: Attributes = {
    [ATTR.event]: EVENT.effect,
    [ATTR.effectName]: spec.effect,
    [ATTR.effectKey]: String(spec.key),
    [ATTR.effectOutcome]: spec.outcome ?? 'committed',
    [ATTR.effectVia]: 'span',
  };
  if (spec.agent !== undefined) attributes[ATTR.agent] = spec.agent;
  emit(`effect ${spec.effect} ${spec.key}`, attributes, tracer);
}

export interface ClaimSpec {
  /** The piece of work, e.g. a ticket id. */
  readonly work: string;
  readonly agent: string;
  /** How long the lease lasts from now; absent: until released. */
  readonly leaseMs?: number;
  /** false: the claim was refused (someone else holds the work). Default true. */
  readonly granted?: boolean;
}

/** Records that `agent` claimed `work` (a lease), or tried to and was refused. */
export function claimWork(spec: ClaimSpec, tracer?: Tracer): void {
  const attributes: Attributes = {
    [ATTR.event]: EVENT.claim,
    [ATTR.workId]: spec.work,
    [ATTR.agent]: spec.agent,
    [ATTR.claimGranted]: spec.granted ?? true,
  };
  if (spec.leaseMs !== undefined) attributes[ATTR.claimExpiresAt] = Date.now() + spec.leaseMs;
  emit(`claim ${spec.work} ${spec.agent}`, attributes, tracer);
}

/** Records that `agent` let go of its claim on `work`. */
export function releaseWork(
  spec: { readonly work: string; readonly agent: string },
  tracer?: Tracer,
): void {
  emit(
    `release ${spec.work} ${spec.agent}`,
    { [ATTR.event]: EVENT.release, [ATTR.workId]: spec.work, [ATTR.agent]: spec.agent },
    tracer,
  );
}
