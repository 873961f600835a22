/**
 * The planner's rules: from a user's task message to a plan with a short goal, acceptance
 * criteria, what is out of scope, and the decisions taken and turned down. Pure and rule-based:
 * the point of the example is the handoffs, not the planning.
 */

/** A plan as it travels down the chain; PLAN.md in the sandbox holds the same, in prose. */
export interface Plan {
  readonly goal: string;
  /** Set once someone narrowed the goal: what was asked before. */
  readonly originalGoal?: string;
  readonly acceptance: readonly string[];
  readonly outOfScope: readonly string[];
  readonly decisions: readonly string[];
  readonly rejected: readonly string[];
}

/** Longest goal the planner writes; the contracts cap it at the same length. */
export const GOAL_MAX = 300;

// A task starts with what to do; anything else (a question) the planner answers itself.
const TASK =
  /^(?:please\s+)?(?:add|fix|implement|make|change|refactor|remove|update|rename|write)\b/i;

interface Constraint {
  readonly phrase: RegExp;
  readonly acceptance: string;
  readonly decision: string;
  readonly rejected: string;
}

const CONSTRAINTS: readonly Constraint[] = [
  {
    phrase: /\bno new dependenc/i,
    acceptance: 'no new runtime dependencies',
    decision: 'build on the helpers already in the repository',
    rejected: 'adding a library for it: the task rules out new dependencies',
  },
  {
    phrase: /\bbackwards?[- ]compatible\b|\bkeep the (?:public )?api\b/i,
    acceptance: 'the public API stays backward compatible',
    decision: 'add options with defaults instead of changing signatures',
    rejected: 'a breaking signature change',
  },
];

const OUT_OF_SCOPE =
  /\b(?:don't|do not|without) (?:touch(?:ing)?|chang(?:e|ing)) (?:the )?([^.,;!]+)/gi;

/** Whether a user message asks for a change (a task) rather than asking a question. */
export function isTask(text: string): boolean {
  return TASK.test(text.trim());
}

/** The plan for a task message. */
export function planFor(text: string): Plan {
  const met = CONSTRAINTS.filter((c) => c.phrase.test(text));
  return {
    goal: firstSentence(text),
    acceptance: ['the test suite passes', ...met.map((c) => c.acceptance)],
    outOfScope: [...text.matchAll(OUT_OF_SCOPE)].map((m) => `changes to the ${m[1]?.trim()}`),
    decisions: met.map((c) => c.decision),
    rejected: met.map((c) => c.rejected),
  };
}

/** The plan with a narrower goal; the first goal ever asked for is kept beside it. */
export function narrowPlan(plan: Plan, goal: string): Plan {
  return { ...plan, goal: capped(goal), originalGoal: plan.originalGoal ?? plan.goal };
}

/** PLAN.md: what the planner writes into the sandbox for the coder to open. */
export function planText(plan: Plan): string {
  const list = (items: readonly string[]) =>
    items.length > 0 ? items.map((i) => `- ${i}`).join('\n') : '- (none)';
  return [
    '# Plan',
    '',
    plan.goal,
    '',
    '## Acceptance',
    list(plan.acceptance),
    '',
    '## Out of scope',
    list(plan.outOfScope),
    '',
    '## Decisions',
    list(plan.decisions),
    '',
    '## Turned down',
    list(plan.rejected),
    '',
  ].join('\n');
}

function firstSentence(text: string): string {
  const [first = text] = text.trim().split(/(?<=[.!?])\s+/);
  return capped(first);
}

function capped(text: string): string {
  return text.length <= GOAL_MAX ? text : `${text.slice(0, GOAL_MAX - 1)}…`;
}
