import type { Step } from 'baton-handoffs';
import type { Policy } from '../support-router/policy.ts';
import { decide, isPerson } from '../support-router/router.ts';
import { type Action, type CaseState, initialState } from '../support-router/state.ts';

/** One turn as the service receives it: Baton's default request body. */
export interface Turn {
  readonly run_id: string;
  readonly entry: string;
  readonly step_index: number;
  readonly step: Step;
}

/** What the desk did in one turn: the owner before and after, and the actions in order. */
export interface TurnResult {
  readonly ownerBefore: string;
  readonly owner: string;
  readonly actions: readonly Action[];
}

/**
 * The support desk behind HTTP: the example router's policy and decisions, with per-conversation
 * state kept in memory (keyed by run id; step 0 starts a conversation afresh).
 *
 * `flawed` is release 2.0 of the desk, which a team might well ship: the SLA timer "moved to the
 * ticketing system", so the deadline rule is ignored, and a slimmer envelope for agent-to-agent
 * handoffs leaves out the order id (people still get everything).
 */
export class Desk {
  private readonly conversations = new Map<string, CaseState>();
  private readonly policy: Policy;

  constructor(
    policy: Policy,
    private readonly flawed: boolean,
  ) {
    const { deadline_risk: _ignored, ...rules } = policy.rules;
    this.policy = flawed ? { ...policy, rules } : policy;
  }

  isPerson = (name: string): boolean => isPerson(this.policy, name);

  turn(t: Turn): TurnResult {
    const before =
      t.step_index === 0
        ? initialState(t.entry)
        : (this.conversations.get(t.run_id) ?? initialState(t.entry));
    const decision = decide(this.policy, before, t.step, t.step_index);
    this.conversations.set(t.run_id, decision.state);
    const actions = this.flawed ? decision.actions.map(slimEnvelope) : decision.actions;
    return { ownerBefore: before.owner, owner: decision.state.owner, actions };
  }
}

function slimEnvelope(action: Action): Action {
  if (action.kind !== 'handoff' || action.targetKind !== 'agent') return action;
  const { order_id: _dropped, ...facts } = action.payload.facts;
  return { ...action, payload: { ...action.payload, facts } };
}
