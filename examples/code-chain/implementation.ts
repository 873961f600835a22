import type { Step } from 'baton-handoffs';
import {
  defineImplementation,
  emitAccept,
  emitHandoff,
  type HandoffImplementation,
  withAgentTurn,
} from 'baton-handoffs';
import {
  type ChainAction,
  type ChainOptions,
  type ChainState,
  DEFAULT_OPTIONS,
  decide,
  initialChain,
  TECH_LEAD,
} from './chain.ts';
import { chainContracts } from './contracts.ts';
import { negotiator, strictReceiver } from './receiver.ts';

/**
 * The module Baton loads for the code-chain example: every case gets its own chain state, and
 * the chain's actions become Baton's spans. `adapter.options` may set `plan_handoff: inline` or
 * `review_loop: uncapped`, the two flaws the variant suites show.
 */
export default defineImplementation((options) => {
  const chain = chainOptions(options);
  const implementation: HandoffImplementation = {
    startCase(info) {
      let state: ChainState = initialChain(info.entry);
      return {
        handle(step: Step) {
          const owner = state.owner;
          const decision = decide(state, step, chain, Date.now());
          state = decision.state;
          play(owner, decision.actions);
        },
      };
    },
    receive: strictReceiver(chainContracts),
    negotiate: negotiator(chain.reviewLoop),
  };
  return implementation;
});

function chainOptions(options: Readonly<Record<string, unknown>>): ChainOptions {
  const planHandoff = options.plan_handoff ?? DEFAULT_OPTIONS.planHandoff;
  const reviewLoop = options.review_loop ?? DEFAULT_OPTIONS.reviewLoop;
  if (planHandoff !== 'reference' && planHandoff !== 'inline') {
    throw new Error(
      `Failed to start the code-chain example: adapter.options.plan_handoff is ${JSON.stringify(planHandoff)}. Set it to \`reference\` (the default) or \`inline\`.`,
    );
  }
  if (reviewLoop !== 'capped' && reviewLoop !== 'uncapped') {
    throw new Error(
      `Failed to start the code-chain example: adapter.options.review_loop is ${JSON.stringify(reviewLoop)}. Set it to \`capped\` (the default) or \`uncapped\`.`,
    );
  }
  return { planHandoff, reviewLoop };
}

/** Each action inside its actor's turn; the owner gets a turn even when it decides nothing. */
function play(owner: string, actions: readonly ChainAction[]): void {
  if (actions.length === 0 && owner !== TECH_LEAD) withAgentTurn(owner, () => undefined);
  for (const action of actions) {
    const actor = action.kind === 'handoff' ? action.from : action.by;
    // Baton records a person's step itself; only the hand-back that follows is emitted.
    if (actor === TECH_LEAD) emit(action);
    else withAgentTurn(actor, () => emit(action));
  }
}

function emit(action: ChainAction): void {
  if (action.kind === 'accept') {
    emitAccept(action.by, action.from);
    return;
  }
  emitHandoff({
    from: action.from,
    to: action.to,
    reason: action.reason,
    payload: action.envelope,
    targetKind: action.targetKind,
  });
}
