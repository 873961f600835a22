import type { Envelope, Step } from 'baton-handoffs';
import { HOP_CAP } from './contracts.ts';
import {
  changeEnvelope,
  decisionEnvelope,
  escalationEnvelope,
  type Finding,
  type PlanHandoff,
  planEnvelope,
  reviewEnvelope,
} from './envelopes.ts';
import { isTask, narrowPlan, type Plan, planFor } from './plan.ts';

/** The person the chain escalates to. */
export const TECH_LEAD = 'tech_lead';

/** The sandbox a coder builds for itself when the plan arrives without one. */
export const REBUILT_SANDBOX = 'sbx-rebuilt-from-plan';

export type Reason =
  | 'capability_boundary'
  | 'changes_requested'
  | 'review_rounds_exhausted'
  | 'no_progress'
  | 'low_confidence'
  | 'budget_exhausted'
  | 'person_decision';

/** The chain's knobs: the defaults are right, the others are the flaws the variant suites show. */
export interface ChainOptions {
  readonly planHandoff: PlanHandoff;
  /** `uncapped`: the reviewer keeps sending work back, however often it has bounced. */
  readonly reviewLoop: 'capped' | 'uncapped';
}

export const DEFAULT_OPTIONS: ChainOptions = { planHandoff: 'reference', reviewLoop: 'capped' };

/** Everything the chain remembers about one task between steps. */
export interface ChainState {
  readonly owner: string;
  readonly plan?: Plan;
  readonly sandbox?: string;
  /** What the owner learned, newest first: test results, review comments. */
  readonly findings: readonly Finding[];
  /** Consecutive failed tool calls of the owner. */
  readonly failures: number;
  /** Every reason the reviewer sent the work back, since a person last decided. */
  readonly rejections: readonly string[];
  /** Handoffs since a person last decided: the `hop` the next envelope carries. */
  readonly hop: number;
}

export type ChainAction =
  | {
      readonly kind: 'handoff';
      readonly from: string;
      readonly to: string;
      readonly reason: Reason;
      readonly targetKind: 'agent' | 'person';
      readonly envelope: Envelope;
    }
  | { readonly kind: 'accept'; readonly by: string; readonly from: string };

export interface ChainDecision {
  readonly state: ChainState;
  readonly actions: readonly ChainAction[];
}

export function initialChain(entry: string): ChainState {
  return { owner: entry, findings: [], failures: 0, rejections: [], hop: 0 };
}

type Draft = { -readonly [K in keyof ChainState]: ChainState[K] };

/** Scratch space for one step: the state being changed and the actions taken. Mutable on purpose. */
interface Turn {
  readonly s: Draft;
  readonly actions: ChainAction[];
  readonly options: ChainOptions;
  /** ISO time of this step, stamped on what the owner learns. */
  readonly at: string;
}

/**
 * What happens at one step: the new state and the actions, in order. Pure. The planner turns a
 * task into a plan and hands it on once it has a sandbox; the coder hands a change on once its
 * tests pass; the reviewer approves or sends the work back, until the hop cap sends it to the
 * tech lead. Two failed tool calls in a row, low confidence or a spent budget go to the tech
 * lead at once; the tech lead's decision goes back to the coder.
 */
export function decide(
  state: ChainState,
  step: Step,
  options: ChainOptions,
  now: number,
): ChainDecision {
  const turn: Turn = {
    s: { ...state },
    actions: [],
    options,
    at: new Date(now).toISOString(),
  };
  if (state.owner === TECH_LEAD) techLead(turn, step);
  else if (!signalled(turn, step)) agent(turn, step);
  return { state: turn.s, actions: turn.actions };
}

function agent(turn: Turn, step: Step): void {
  if (turn.s.owner === 'planner') planner(turn, step);
  else if (turn.s.owner === 'coder') coder(turn, step);
  else if (turn.s.owner === 'reviewer') reviewer(turn, step);
}

/** Signals any agent acts on: an unclear task (the planner's call) or a spent budget. */
function signalled(turn: Turn, step: Step): boolean {
  if (step.kind !== 'signal' || turn.s.plan === undefined) return false;
  const { confidence, budget_used: used } = step.values;
  if (typeof used === 'number' && used >= 0.9) return escalate(turn, 'budget_exhausted');
  const unsure = typeof confidence === 'number' && confidence < 0.6;
  if (unsure && turn.s.owner === 'planner') return escalate(turn, 'low_confidence');
  return false;
}

function planner(turn: Turn, step: Step): void {
  const { s } = turn;
  if (step.kind === 'customer' && isTask(step.text)) s.plan = planFor(step.text);
  if (step.kind === 'tool' && step.name === 'sandbox_create') {
    const id = sandboxOf(step.result);
    if (step.ok && id !== undefined) {
      s.sandbox = id;
      s.failures = 0;
    } else if (failed(turn)) return;
  }
  if (s.plan !== undefined && s.sandbox !== undefined) {
    const envelope = planEnvelope(s.plan, s.sandbox, turn.options.planHandoff, s.hop);
    // An inlined plan names no sandbox: the coder rebuilds one from the text, and drifts.
    if (turn.options.planHandoff === 'inline') s.sandbox = REBUILT_SANDBOX;
    handOff(turn, 'coder', 'capability_boundary', envelope);
  }
}

function coder(turn: Turn, step: Step): void {
  const { s } = turn;
  if (step.kind !== 'tool' || step.name !== 'run_tests' || s.plan === undefined) return;
  const counts = testCounts(step.result);
  if (step.ok && counts.failed === 0) {
    learn(turn, `tests pass: ${counts.passed} passed, 0 failed`);
    s.failures = 0;
    if (s.hop >= HOP_CAP && turn.options.reviewLoop === 'capped') {
      escalate(turn, 'review_rounds_exhausted');
      return;
    }
    handOff(
      turn,
      'reviewer',
      'capability_boundary',
      changeEnvelope(s.plan, s.sandbox, s.findings, s.hop),
    );
    return;
  }
  learn(turn, `tests fail: ${step.error ?? `${counts.failed} failed`}`);
  failed(turn);
}

function reviewer(turn: Turn, step: Step): void {
  const { s } = turn;
  if (step.kind !== 'tool' || step.name !== 'review' || !step.ok || s.plan === undefined) return;
  const review = reviewOf(step.result);
  if (review.verdict !== 'changes_requested') return;
  const comments = review.comments.map((claim) => ({ claim, at: turn.at }));
  const round = s.rejections.length + 1;
  s.rejections = [...s.rejections, `review round ${round}: ${review.comments.join('; ')}`];
  s.findings = comments;
  if (s.hop >= HOP_CAP && turn.options.reviewLoop === 'capped') {
    escalate(turn, 'review_rounds_exhausted');
    return;
  }
  handOff(
    turn,
    'coder',
    'changes_requested',
    reviewEnvelope(s.plan, s.sandbox, comments, round, s.hop),
  );
}

/** The tech lead's decision goes back to the coder, and the hop count starts again. */
function techLead(turn: Turn, step: Step): void {
  const { s } = turn;
  if (step.kind !== 'person' || s.plan === undefined) return;
  if (step.decision === 'take_over') return;
  if (step.decision === 'narrow' && step.note !== undefined) s.plan = narrowPlan(s.plan, step.note);
  const decision = {
    who: step.who,
    decision: step.decision,
    ...(step.note !== undefined && { note: step.note }),
  };
  s.hop = 0;
  s.rejections = [];
  s.findings = [];
  handOff(turn, 'coder', 'person_decision', decisionEnvelope(s.plan, s.sandbox, decision, 0));
}

/** Counts a failed tool call; the second in a row goes to the tech lead. True if it did. */
function failed(turn: Turn): boolean {
  turn.s.failures += 1;
  return turn.s.failures >= 2 && escalate(turn, 'no_progress');
}

function escalate(turn: Turn, reason: Reason): boolean {
  const { s } = turn;
  if (s.plan === undefined) return false;
  handOff(turn, TECH_LEAD, reason, escalationEnvelope(s.owner, reason, s.plan, s, s.hop));
  return true;
}

function handOff(turn: Turn, to: string, reason: Reason, envelope: Envelope): void {
  const { s, actions } = turn;
  const from = s.owner;
  const targetKind = to === TECH_LEAD ? 'person' : 'agent';
  actions.push({ kind: 'handoff', from, to, reason, targetKind, envelope });
  if (targetKind === 'agent') actions.push({ kind: 'accept', by: to, from });
  s.owner = to;
  s.hop += 1;
  s.failures = 0;
}

function learn(turn: Turn, claim: string): void {
  turn.s.findings = [{ claim, at: turn.at }, ...turn.s.findings];
}

function sandboxOf(result: unknown): string | undefined {
  const id = recordOf(result).sandbox_id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function testCounts(result: unknown): { passed: number; failed: number } {
  const r = recordOf(result);
  const count = (v: unknown) => (typeof v === 'number' ? v : 0);
  return { passed: count(r.passed), failed: count(r.failed) };
}

function reviewOf(result: unknown): { verdict: unknown; comments: string[] } {
  const r = recordOf(result);
  const comments = Array.isArray(r.comments) ? r.comments.filter((c) => typeof c === 'string') : [];
  return { verdict: r.verdict, comments };
}

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
