import type { Tracer } from '@opentelemetry/api';
import { asksSomething } from '../../model/asking.ts';
import { emitAccept, emitHandoff, emitQuestion, withAgentTurn } from '../../public/conventions.ts';
import type { Observation, Transfer } from './update-mapper.ts';

/**
 * Writes observations as Baton's span conventions under the active context (the step span):
 * an agent node's update is an agent turn holding its acceptance and its handoffs; a person's or
 * another node's handoffs stand alone. Interrupts are not spans: the handoff to the person that
 * caused one is already recorded, and Baton records the person's decision step itself.
 */
export function emitObservations(observations: readonly Observation[], tracer: Tracer): void {
  for (const o of observations) {
    if (o.kind !== 'node') continue;
    const emitAll = () => {
      if (o.acceptedFrom !== undefined) emitAccept(o.node, o.acceptedFrom, tracer);
      for (const t of o.transfers) emitTransfer(t, tracer);
    };
    if (o.role === 'agent') withAgentTurn(o.node, emitAll, tracer);
    else emitAll();
  }
}

function emitTransfer(t: Transfer, tracer: Tracer): void {
  emitHandoff(
    {
      from: t.from,
      to: t.to,
      targetKind: t.targetKind,
      ...(t.reason !== undefined && { reason: t.reason }),
      ...(t.payload !== undefined && { payload: t.payload }),
    },
    tracer,
  );
}

/** The last reply among a turn's observations so far. */
export function lastReply(
  observations: readonly Observation[],
  before: { readonly by: string; readonly text: string } | undefined,
): { readonly by: string; readonly text: string } | undefined {
  let reply = before;
  for (const o of observations) if (o.kind === 'node' && o.reply) reply = o.reply;
  return reply;
}

/** The turn's last AI message, when it asks the customer something, as Baton's question span. */
export function emitReply(
  reply: { readonly by: string; readonly text: string } | undefined,
  tracer: Tracer,
): void {
  if (reply === undefined || !asksSomething(reply.text)) return;
  emitQuestion({ by: reply.by, to: 'customer', text: reply.text }, tracer);
}
