import type { Context, Tracer } from '@opentelemetry/api';
import { ATTR, EVENT } from '../../conventions/attributes.ts';
import { MODEL_TRAFFIC_ATTR, VIA_MODEL_TRAFFIC } from '../../conventions/model-traffic.ts';
import type { ModelApi } from './reply.ts';
import type { TrafficHandoff } from './reply-handoffs.ts';
import { type ResponseMark, responseAttributes } from './reply-spans.ts';

/**
 * Emits Baton's handoff span for a handoff read from model traffic, under the context the
 * request was made in (so its step, and any agent span, are its ancestors). `at` is when the
 * response arrived (a `performance.now()` time), so the span sorts before whatever the
 * application did next.
 */
export function emitTrafficHandoff(
  tracer: Tracer,
  parent: Context,
  handoff: TrafficHandoff,
  api: ModelApi,
  at: number,
  response: ResponseMark,
): void {
  const payload = JSON.stringify(handoff.payload) ?? 'null';
  tracer
    .startSpan(
      `handoff ${handoff.from} → ${handoff.to}`,
      {
        startTime: at,
        attributes: {
          [ATTR.event]: EVENT.handoff,
          [ATTR.handoffFrom]: handoff.from,
          [ATTR.handoffTo]: handoff.to,
          [ATTR.handoffPayload]: payload,
          ...(handoff.reason !== undefined && { [ATTR.handoffReason]: handoff.reason }),
          [MODEL_TRAFFIC_ATTR.via]: VIA_MODEL_TRAFFIC,
          [MODEL_TRAFFIC_ATTR.tool]: handoff.tool,
          ...(handoff.toolCallId !== undefined && {
            [MODEL_TRAFFIC_ATTR.toolCallId]: handoff.toolCallId,
          }),
          [MODEL_TRAFFIC_ATTR.api]: api,
          [MODEL_TRAFFIC_ATTR.senderBy]: handoff.senderBy,
          [MODEL_TRAFFIC_ATTR.rule]: handoff.rule,
          ...responseAttributes(response),
        },
      },
      parent,
    )
    .end(at);
}
