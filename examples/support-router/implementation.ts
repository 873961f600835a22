import { isAbsolute, resolve } from 'node:path';
import type { Step } from 'baton-handoffs';
import {
  defineImplementation,
  emitAccept,
  emitHandoff,
  emitQuestion,
  type HandoffImplementation,
  withAgentTurn,
} from 'baton-handoffs';
import { supportContracts } from './contracts.ts';
import { lenientReceiver } from './lenient-receiver.ts';
import { loadPolicy, type Policy } from './policy.ts';
import { negotiate, type Receive, strictReceiver } from './receiver.ts';
import { decide, isPerson } from './router.ts';
import { type Action, type CaseState, initialState } from './state.ts';

/**
 * The module Baton loads for the support-router example. The suite names the policy file in
 * `adapter.options.policy`; it is read once, and every case gets its own router state. The
 * routing itself lives in router.ts; this file only turns its decisions into Baton's spans.
 * `receive` and `negotiate` expose the desk's intake check and send loop (receiver.ts) to
 * envelope property tests; `adapter.options.receiver: lenient` swaps in lenient-receiver.ts.
 */
export default defineImplementation(async (options, ctx) => {
  const policy = await loadPolicy(policyPath(options, ctx.suiteDir));
  const receive = receiverOf(options);
  const implementation: HandoffImplementation = {
    receive,
    negotiate,
    startCase(info) {
      let state: CaseState = initialState(info.entry);
      return {
        async handle(step: Step, index: number) {
          const owner = state.owner;
          const decision = decide(policy, state, step, index);
          state = decision.state;
          play(policy, owner, decision.actions);
        },
      };
    },
  };
  return implementation;
});

function receiverOf(options: Readonly<Record<string, unknown>>): Receive {
  const kind = options.receiver ?? 'strict';
  if (kind === 'strict') return strictReceiver(supportContracts);
  if (kind === 'lenient') return lenientReceiver(supportContracts);
  throw new Error(
    `Failed to start the support-router example: adapter.options.receiver is ${JSON.stringify(kind)}. ` +
      'Set it to `strict` (the default) or `lenient`.',
  );
}

function policyPath(options: Readonly<Record<string, unknown>>, suiteDir: string): string {
  const policy = options.policy;
  if (typeof policy !== 'string' || policy === '') {
    throw new Error(
      'Failed to start the support-router example: adapter.options.policy is missing. ' +
        'Set it to a policy file, e.g. `policy: ../examples/support-router/policy.yaml`.',
    );
  }
  return isAbsolute(policy) ? policy : resolve(suiteDir, policy);
}

/**
 * Emits the actions of one step. Consecutive actions of one actor share one agent turn; a
 * person's hand-back is emitted on its own (Baton records the person's decision itself). The
 * owner gets a turn even when it decides nothing, so the trace shows who held each step.
 */
function play(policy: Policy, owner: string, actions: readonly Action[]): void {
  if (actions.length === 0) {
    if (!isPerson(policy, owner)) withAgentTurn(owner, () => undefined);
    return;
  }
  for (const group of byActor(actions)) {
    const run = () => {
      for (const action of group.actions) emit(action);
    };
    if (isPerson(policy, group.actor)) run();
    else withAgentTurn(group.actor, run);
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

function emit(action: Action): void {
  switch (action.kind) {
    case 'handoff':
      emitHandoff({
        from: action.from,
        to: action.to,
        reason: action.reason,
        payload: action.payload,
        targetKind: action.targetKind,
      });
      return;
    case 'accept':
      emitAccept(action.by, action.from);
      return;
    case 'ask':
      emitQuestion(action.by, 'customer', action.fields);
      return;
  }
}
