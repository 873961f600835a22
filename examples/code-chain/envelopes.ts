import type { Envelope } from 'baton-handoffs';
import { MAX_FINDINGS } from './contracts.ts';
import { type Plan, planText } from './plan.ts';

/** Where the chain works inside every sandbox. */
export const WORKDIR = '/workspace/repo';
export const PLAN_PATH = `${WORKDIR}/PLAN.md`;
export const DIFF_PATH = `${WORKDIR}/.chain/changes.diff`;
export const reviewPath = (round: number) => `${WORKDIR}/.chain/review-${round}.md`;

/** Something an agent learned, with when it learned it. */
export interface Finding {
  readonly claim: string;
  readonly at: string;
}

/** How the planner hands the plan on: PLAN.md by path, or (a flaw) its text pasted in. */
export type PlanHandoff = 'reference' | 'inline';

/** What every envelope of the chain says about the task. */
function intent(plan: Plan): Envelope {
  return {
    goal: plan.goal,
    ...(plan.originalGoal !== undefined && {
      goal_narrowed: true,
      original_goal: plan.originalGoal,
    }),
    acceptance: [...plan.acceptance],
    out_of_scope: [...plan.outOfScope],
  };
}

const provenance = (plan: Plan) => ({
  decisions: [...plan.decisions],
  rejected: [...plan.rejected],
});

const environment = (sandbox: string | undefined) =>
  sandbox === undefined ? {} : { sandbox_id: sandbox };

/** planner → coder. `inline` pastes PLAN.md and, with the text "self-contained", no sandbox. */
export function planEnvelope(plan: Plan, sandbox: string, how: PlanHandoff, hop: number): Envelope {
  const inline = how === 'inline';
  return {
    from_role: 'planner',
    to: 'coder',
    ...intent(plan),
    artifacts: inline ? [planText(plan)] : [PLAN_PATH, WORKDIR],
    ...environment(inline ? undefined : sandbox),
    ...provenance(plan),
    hop,
  };
}

/** coder → reviewer: the diff and PLAN.md by path, and the test results behind them. */
export function changeEnvelope(
  plan: Plan,
  sandbox: string | undefined,
  findings: readonly Finding[],
  hop: number,
): Envelope {
  return {
    from_role: 'coder',
    to: 'reviewer',
    ...intent(plan),
    artifacts: [DIFF_PATH, PLAN_PATH],
    findings: ranked(findings),
    ...environment(sandbox),
    ...provenance(plan),
    hop,
  };
}

/** reviewer → coder: changes requested, with the comments ranked and capped. */
export function reviewEnvelope(
  plan: Plan,
  sandbox: string | undefined,
  comments: readonly Finding[],
  round: number,
  hop: number,
): Envelope {
  const top = ranked(comments);
  return {
    from_role: 'reviewer',
    to: 'coder',
    verdict: 'changes_requested',
    reason: `review round ${round}: ${comments.length} comment${comments.length === 1 ? '' : 's'} to address`,
    round,
    ...intent(plan),
    artifacts: [reviewPath(round), DIFF_PATH],
    findings: top,
    ...environment(sandbox),
    ...provenance(plan),
    hop,
  };
}

/** Any agent → tech_lead: why, every rejection so far, and what the agent last knew. */
export function escalationEnvelope(
  from: string,
  reason: string,
  plan: Plan,
  state: { sandbox?: string; findings: readonly Finding[]; rejections: readonly string[] },
  hop: number,
): Envelope {
  return {
    from_role: from,
    to: 'tech_lead',
    reason,
    rejections: [...state.rejections],
    ...intent(plan),
    artifacts: state.sandbox === undefined ? [] : [PLAN_PATH, DIFF_PATH],
    findings: ranked(state.findings),
    ...environment(state.sandbox),
    hop,
  };
}

/** tech_lead → coder: the decision, with the (possibly narrowed) plan. */
export function decisionEnvelope(
  plan: Plan,
  sandbox: string | undefined,
  decision: { who: string; decision: string; note?: string },
  hop: number,
): Envelope {
  return {
    to: 'coder',
    decision,
    ...intent(plan),
    artifacts: [PLAN_PATH, DIFF_PATH],
    ...environment(sandbox),
    ...provenance(plan),
    hop,
  };
}

/** The first MAX_FINDINGS, in the sender's order of importance (newest or most severe first). */
function ranked(findings: readonly Finding[]): Finding[] {
  return findings.slice(0, MAX_FINDINGS);
}
