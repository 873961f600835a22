import { describeStep, type Step } from 'baton-handoffs';
import { factsInRecord, factsInText, intentOf } from './extract.ts';
import type { Policy } from './policy.ts';
import { escalationFor } from './signals.ts';
import {
  type Action,
  type CaseState,
  compactPayload,
  type Decision,
  type Payload,
  payloadOf,
  type Reason,
} from './state.ts';

/** Persons and queues are listed in the policy; any name that is not an agent counts too. */
export function isPerson(policy: Policy, name: string): boolean {
  return policy.persons.includes(name) || !(name in policy.agents);
}

type Draft = { -readonly [K in keyof CaseState]: CaseState[K] };

/**
 * Decides what happens at step `index`: the new state and the actions, in order. Pure. While a
 * person owns the case only their decision moves it (back to the agent that escalated). An agent
 * first checks the signal rules (signals.ts); if none fires, the capability boundary routes the
 * request to the agent that handles it, and the policy gate stops that agent where a person must
 * approve.
 */
export function decide(policy: Policy, state: CaseState, step: Step, index: number): Decision {
  const s: Draft = { ...state, history: [...state.history, `${index}: ${describeStep(step)}`] };
  const actions: Action[] = [];
  if (isPerson(policy, s.owner)) {
    if (step.kind === 'person' && s.escalation) returnToAgent(policy, s, step, actions);
    return { state: s, actions };
  }
  observe(policy, s, step, index);
  const escalation = escalationFor(policy, s, step);
  if (escalation) {
    handOff(policy, s, escalation.to, escalation.reason, actions);
  } else {
    route(policy, s, actions);
    gate(policy, s, actions);
  }
  return { state: s, actions };
}

function observe(policy: Policy, s: Draft, step: Step, index: number): void {
  if (step.kind === 'customer') {
    s.facts = { ...s.facts, ...factsInText(step.text) };
    const intent = intentOf(step.text, policy.intents, s.intent);
    if (intent && intent.name !== s.intent) {
      s.intent = intent.name;
      s.goal = step.text;
    }
  } else if (step.kind === 'tool' && step.ok) {
    s.attempts = [];
    s.records = { ...s.records, [step.name]: step.result ?? null };
    s.facts = { ...s.facts, ...factsInRecord(step.result) };
  } else if (step.kind === 'tool') {
    s.attempts = [...s.attempts, { step: index, tool: step.name, error: step.error ?? 'failed' }];
  }
}

/** Capability boundary: hand the intent to the agent that handles it, once its facts are known. */
function route(policy: Policy, s: Draft, actions: Action[]): void {
  if (s.intent === undefined || handles(policy, s.owner, s.intent)) return;
  const target = Object.keys(policy.agents).find((a) => handles(policy, a, s.intent as string));
  if (target === undefined) return;
  const intent = policy.intents.find((i) => i.name === s.intent);
  const missing = (intent?.requires ?? []).filter((f) => s.facts[f] === undefined);
  if (missing.length === 0) {
    handOff(policy, s, target, 'capability_boundary', actions);
    return;
  }
  const unasked = missing.filter((f) => !s.asked.includes(f));
  if (unasked.length === 0) return;
  s.asked = [...s.asked, ...unasked];
  actions.push({ kind: 'ask', by: s.owner, fields: unasked });
}

/** Policy gate: the agent that would act may not do so above the limit without a person. */
function gate(policy: Policy, s: Draft, actions: Action[]): void {
  const rule = policy.rules.policy_gate;
  if (!rule || s.intent !== rule.applies_to || !handles(policy, s.owner, rule.applies_to)) return;
  const amount = s.facts.amount;
  if (typeof amount !== 'number' || amount <= rule.refund_approval_limit) return;
  if (s.settled.includes('policy_gate')) return;
  handOff(policy, s, rule.to, 'policy_gate', actions);
}

function returnToAgent(
  policy: Policy,
  s: Draft,
  step: Extract<Step, { kind: 'person' }>,
  actions: Action[],
): void {
  const { by, reason } = s.escalation as { by: string; reason: Reason };
  const decision = {
    who: step.who,
    decision: step.decision,
    ...(step.note !== undefined && { note: step.note }),
  };
  s.settled = [...s.settled, reason];
  s.attempts = [];
  handOff(policy, s, by, 'person_decision', actions, decision);
}

function handOff(
  policy: Policy,
  s: Draft,
  to: string,
  reason: Reason,
  actions: Action[],
  decision?: Payload['decision'],
): void {
  const from = s.owner;
  const targetKind = isPerson(policy, to) ? 'person' : 'agent';
  const full = payloadOf(s, reason, to, decision);
  const compact = policy.handoff_payload === 'compact' && targetKind === 'agent';
  const payload = compact ? compactPayload(full) : full;
  actions.push({ kind: 'handoff', from, to, reason, targetKind, payload });
  if (targetKind === 'agent') actions.push({ kind: 'accept', by: to, from });
  if (targetKind === 'person') s.escalation = { by: from, reason };
  else delete s.escalation;
  s.owner = to;
  s.hops += 1;
}

function handles(policy: Policy, agent: string, intent: string): boolean {
  return policy.agents[agent]?.handles.includes(intent) ?? false;
}
