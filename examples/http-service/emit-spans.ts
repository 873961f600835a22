import { type Attributes, type Context, trace } from '@opentelemetry/api';
// Baton's attribute names (docs/conventions.md); a service could equally write the strings.
import { ATTR, EVENT } from 'baton-handoffs';
import type { Action } from '../support-router/state.ts';
import { clock } from './tracing.ts';

const tracer = trace.getTracer('support-service');

/**
 * Emits one turn's actions as spans under `parent` (Baton's step span, from `traceparent`).
 * Consecutive actions of one actor share an agent span; a person's hand-back has none. The
 * owner gets an agent span even when it decides nothing, so the trace shows who held the step.
 */
export function emitTurn(
  parent: Context,
  owner: string,
  actions: readonly Action[],
  isPerson: (name: string) => boolean,
): void {
  if (actions.length === 0) {
    if (!isPerson(owner)) agentTurn(parent, owner, () => {});
    return;
  }
  for (const group of byActor(actions)) {
    const run = (ctx: Context) => {
      for (const action of group.actions) emitAction(ctx, action);
    };
    if (isPerson(group.actor)) run(parent);
    else agentTurn(parent, group.actor, run);
  }
}

function agentTurn(parent: Context, agent: string, body: (ctx: Context) => void): void {
  const span = tracer.startSpan(
    `agent ${agent}`,
    { startTime: clock(), attributes: { [ATTR.event]: EVENT.agent, [ATTR.agent]: agent } },
    parent,
  );
  body(trace.setSpan(parent, span));
  span.end(clock());
}

function emitAction(ctx: Context, action: Action): void {
  const [name, attributes] = spanOf(action);
  tracer.startSpan(name, { startTime: clock(), attributes }, ctx).end(clock());
}

function spanOf(action: Action): [string, Attributes] {
  switch (action.kind) {
    case 'handoff': {
      const payload = JSON.stringify(action.payload);
      return [
        `handoff ${action.from} -> ${action.to}`,
        {
          [ATTR.event]: EVENT.handoff,
          [ATTR.handoffFrom]: action.from,
          [ATTR.handoffTo]: action.to,
          [ATTR.handoffReason]: action.reason,
          [ATTR.handoffTargetKind]: action.targetKind,
          [ATTR.handoffPayload]: payload,
          [ATTR.handoffPayloadSize]: Buffer.byteLength(payload),
        },
      ];
    }
    case 'accept':
      return [
        `accept ${action.by}`,
        {
          [ATTR.event]: EVENT.ack,
          [ATTR.ackBy]: action.by,
          [ATTR.ackFrom]: action.from,
          [ATTR.ackAccepted]: true,
        },
      ];
    case 'ask':
      return [
        `question ${action.by} -> customer`,
        {
          [ATTR.event]: EVENT.question,
          [ATTR.questionBy]: action.by,
          [ATTR.questionTo]: 'customer',
          [ATTR.questionFields]: [...action.fields],
        },
      ];
  }
}

function byActor(actions: readonly Action[]): { actor: string; actions: Action[] }[] {
  const groups: { actor: string; actions: Action[] }[] = [];
  for (const action of actions) {
    const actor = action.kind === 'handoff' ? action.from : action.by;
    const last = groups.at(-1);
    if (last?.actor === actor) last.actions.push(action);
    else groups.push({ actor, actions: [action] });
  }
  return groups;
}
