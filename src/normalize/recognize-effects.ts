import { ATTR, EVENT, GENAI, HTTP } from '../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR } from '../conventions/model-traffic.ts';
import type { EffectEvent, TimelineEvent } from '../model/timeline.ts';
import { bool, num, str } from './attrs.ts';
import { eventBase, type Recognizer } from './recognizer.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

const OUTCOMES = ['committed', 'failed', 'blocked'] as const;
const VIAS = ['http', 'span'] as const;

/**
 * Baton's effect, request, claim and release spans (docs/conventions.md). A span that lacks a
 * required attribute, or names an outcome Baton does not know, is not an event.
 */
export const recognizeEffects: Recognizer = (span, index): TimelineEvent | undefined => {
  const a = span.attributes;
  switch (str(a, ATTR.event)) {
    case EVENT.effect:
      return effectEvent(span, index);
    case EVENT.request: {
      const method = str(a, HTTP.method);
      const url = str(a, HTTP.url);
      const host = str(a, HTTP.host) ?? (url === undefined ? undefined : hostOf(url));
      if (method === undefined || url === undefined || host === undefined) return undefined;
      const agent = agentOf(span, index);
      const status = num(a, HTTP.status);
      return {
        kind: 'request',
        ...eventBase(span, index),
        method,
        url,
        host,
        refused: bool(a, ATTR.requestRefused) ?? false,
        ...(agent !== undefined && { agent }),
        ...(status !== undefined && { status }),
      };
    }
    case EVENT.claim:
    case EVENT.release: {
      const work = str(a, ATTR.workId);
      const agent = agentOf(span, index);
      if (work === undefined || agent === undefined) return undefined;
      const base = { ...eventBase(span, index), work, agent };
      if (str(a, ATTR.event) === EVENT.release) return { kind: 'release', ...base };
      const expiresAt = num(a, ATTR.claimExpiresAt);
      const granted = bool(a, ATTR.claimGranted) ?? true;
      return { kind: 'claim', ...base, granted, ...(expiresAt !== undefined && { expiresAt }) };
    }
    default:
      return undefined;
  }
};

function effectEvent(span: SpanRecord, index: SpanIndex): EffectEvent | undefined {
  const a = span.attributes;
  const effect = str(a, ATTR.effectName);
  const rawKey = a[ATTR.effectKey];
  const key = typeof rawKey === 'string' || typeof rawKey === 'number' ? String(rawKey) : undefined;
  const outcome = oneOf(str(a, ATTR.effectOutcome), OUTCOMES, 'committed');
  const via = oneOf(str(a, ATTR.effectVia), VIAS, 'span');
  if (effect === undefined || key === undefined || outcome === undefined || via === undefined) {
    return undefined;
  }
  // No agent span or framework names it: the active agent of the model traffic, if Baton read any.
  const agent = agentOf(span, index) ?? str(a, MODEL_TRAFFIC_ATTR.activeAgent);
  const owner = str(a, ATTR.effectOwner);
  return {
    kind: 'effect',
    ...eventBase(span, index),
    effect,
    key,
    outcome,
    via,
    ...(agent !== undefined && { agent }),
    ...(owner !== undefined && { owner }),
  };
}

/** The agent named on the span itself, else on its nearest ancestor (Baton or GenAI agent span). */
function agentOf(span: SpanRecord, index: SpanIndex): string | undefined {
  return index.nearest(
    span,
    (s) => str(s.attributes, ATTR.agent) ?? str(s.attributes, GENAI.agentName),
  );
}

function oneOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T | undefined {
  if (value === undefined) return fallback;
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function hostOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).hostname : undefined;
}
