import { BatonError } from '../errors.ts';
import { filePlace } from '../model/file-place.ts';
import type { Case } from '../model/labelled-case.ts';
import type { Step } from '../model/step.ts';

/**
 * Tool calls that wait for a person's approval (the OpenAI Agents SDK's `needsApproval`,
 * LangChain's `humanInTheLoopMiddleware`): who decides on them, and what a person step's decision
 * does to them. Every adapter that resumes such a stop reads them the same way.
 */

/** Who decides on calls that need approval: tool → person, or one person for every tool. */
export interface ApproverRules {
  readonly byTool: ReadonlyMap<string, string>;
  readonly all?: string;
}

export const NO_APPROVERS: ApproverRules = { byTool: new Map() };

/** The rules an `approvals` setting gives: a name for every tool, or tool → person. */
export function approverRules(
  approvals: string | Readonly<Record<string, string>> | undefined,
): ApproverRules {
  return typeof approvals === 'string'
    ? { byTool: new Map(), all: approvals }
    : { byTool: new Map(Object.entries(approvals ?? {})) };
}

/** A person's answer to the tool calls waiting for them. */
export type ApprovalDecision = { readonly approve: true } | { readonly approve: false };

const APPROVING = new Set([
  'approve',
  'approved',
  'accept',
  'accepted',
  'allow',
  'allowed',
  'grant',
  'granted',
  'confirm',
  'confirmed',
  'yes',
  'ok',
  'okay',
]);
const REJECTING = new Set([
  'reject',
  'rejected',
  'deny',
  'denied',
  'decline',
  'declined',
  'refuse',
  'refused',
  'no',
]);

/**
 * What a person step's `decision` does to the calls waiting for that person: the first word of
 * the decision, without case (`approve`, `Approved.`, `yes`; `reject`, `denied`, `no`); undefined
 * for anything else.
 */
export function approvalDecision(decision: string): ApprovalDecision | undefined {
  const word = /^[a-z]+/i.exec(decision.trim())?.[0]?.toLowerCase() ?? '';
  if (APPROVING.has(word)) return { approve: true };
  if (REJECTING.has(word)) return { approve: false };
  return undefined;
}

/**
 * The person who decides on a call of `tool`: the adapter's `approvals` (one person for every
 * tool, or tool → person), else the case's only person, else whoever decides in the next person
 * step.
 * Throws, naming the fix, when none of these names one.
 */
export function approverOf(
  tool: string,
  rules: ApproverRules,
  testCase: Case,
  step: number,
  /** Where the adapter's user names approvers, for the error: `adapter.options.approvals`. */
  setting: string,
): string {
  const configured = rules.byTool.get(tool) ?? rules.all;
  if (configured !== undefined) return configured;
  const [only, ...others] = testCase.persons;
  if (only !== undefined && others.length === 0) return only;
  const next = testCase.steps.slice(step + 1).find((s) => s.kind === 'person');
  if (next?.kind === 'person') return next.who;
  throw new BatonError(
    'adapter.options',
    `Failed to run step ${step} of case ${testCase.id}${stepAt(testCase, step)}: ${tool} waits for a person's approval (the tool's needsApproval), but the case names ${testCase.persons.length === 0 ? 'no person' : `several persons (${testCase.persons.join(', ')})`} and no person step follows. Name the approver, ${setting}: { ${tool}: supervisor }, or list one person in the case's participants.persons.`,
  );
}

type PersonStep = Extract<Step, { kind: 'person' }>;

/**
 * The answer a person step gives the calls waiting for that person; throws, naming the words
 * Baton reads, when the decision neither approves nor rejects.
 */
export function decisionFor(
  step: PersonStep,
  waiting: readonly string[],
  testCase: Case,
  index: number,
): ApprovalDecision {
  const decided = approvalDecision(step.decision);
  if (decided) return decided;
  const tools = [...new Set(waiting)].join(', ');
  throw new BatonError(
    'adapter.options',
    `Failed to run step ${index} of case ${testCase.id}${stepAt(testCase, index)}: ${step.who} decides "${step.decision}", but ${tools} waits for ${step.who}'s approval and Baton reads only approve or reject there. Write decision: approve (or approved, yes, ok) or decision: reject (or rejected, denied, no); a note goes with it.`,
  );
}

/** One call a person is asked to approve, as the handoff to them carries it. */
export interface ApprovalCall {
  readonly tool: string;
  readonly arguments: unknown;
}

/**
 * The payload of a handoff that asks a person to approve calls: the calls, tool and arguments
 * (`{ approvals: [{ tool: issue_refund, arguments: { order_id, amount } }] }`), so a label's
 * `carry` finds what the person is asked to approve.
 */
export function approvalPayload(calls: readonly ApprovalCall[]): {
  readonly approvals: readonly ApprovalCall[];
} {
  return { approvals: calls.map((c) => ({ tool: c.tool, arguments: c.arguments ?? null })) };
}

/** What a rejected call tells the model: the person's decision and note, as a step says it. */
export function rejectionText(step: PersonStep): string {
  const note = step.note === undefined ? '' : ` Note: ${step.note}`;
  return `${step.who} decided: ${step.decision}.${note}`;
}

/** Where step `index` of the case is written, ` (cases/x.yaml:7)`, when the case came from a file. */
function stepAt(testCase: Case, index: number): string {
  if (testCase.file === undefined) return '';
  return ` (${filePlace(testCase.file, testCase.positions?.steps[index])})`;
}
