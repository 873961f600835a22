import { BatonError } from '../../errors.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { Step } from '../../model/step.ts';
import { handoff, nameOf } from './handoff-attrs.ts';
import type { MappingRules } from './options.ts';
import type { PlannedSpan } from './planned-span.ts';
import { preciseNow } from './sdk-span.ts';
import { parseArgs } from './tool-args.ts';

/**
 * A tool call the SDK stopped at because the tool `needsApproval`: what Baton reads of the SDK's
 * `RunToolApprovalItem` (structurally, so tests need no SDK objects).
 */
export interface ApprovalItemLike {
  readonly name?: string | undefined;
  readonly arguments?: string | undefined;
  readonly agent: { readonly name: string };
}

/** One tool call waiting for a person: the SDK's item, the participant who asked, the person. */
export interface PendingApproval<Item extends ApprovalItemLike = ApprovalItemLike> {
  readonly item: Item;
  readonly tool: string;
  readonly agent: string;
  readonly approver: string;
}

/** A person's answer to the tool calls waiting for them, as the SDK's RunState takes it. */
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
 * The person who decides on a call of `tool`: the suite's `approvals` (one person for every tool,
 * or tool → person), else the case's only person, else whoever decides in the next person step.
 * Throws, naming the fix, when none of these names one.
 */
export function approverOf(
  tool: string,
  rules: MappingRules,
  testCase: Case,
  step: number,
): string {
  const configured = rules.approvals.byTool.get(tool) ?? rules.approvals.all;
  if (configured !== undefined) return configured;
  const [only, ...others] = testCase.persons;
  if (only !== undefined && others.length === 0) return only;
  const next = testCase.steps.slice(step + 1).find((s) => s.kind === 'person');
  if (next?.kind === 'person') return next.who;
  throw new BatonError(
    'adapter.options',
    `Failed to run step ${step} of case ${testCase.id}: ${tool} waits for a person's approval (the tool's needsApproval), but the case names ${testCase.persons.length === 0 ? 'no person' : `several persons (${testCase.persons.join(', ')})`} and no person step follows. Name the approver in the suite, adapter.options.approvals: { ${tool}: supervisor }, or list one person in the case's participants.persons.`,
  );
}

/** The calls a turn stopped at, each with the participant who asked and the approver. */
export function pendingApprovals<Item extends ApprovalItemLike>(
  items: readonly Item[],
  rules: MappingRules,
  approver: (tool: string) => string,
): PendingApproval<Item>[] {
  return items.map((item) => {
    const tool = item.name ?? 'tool';
    return { item, tool, agent: nameOf(item.agent.name, rules), approver: approver(tool) };
  });
}

/**
 * The handoffs to people that calls waiting for approval make: one from each asking agent to
 * each approver, at the moment the turn stopped. The payload lists the calls, tool and
 * arguments (`{ approvals: [{ tool: issue_refund, arguments: { order_id, amount } }] }`), so a
 * label's `carry` finds what the person is asked to approve.
 */
export function approvalHandoffs(pending: readonly PendingApproval[], step: number): PlannedSpan[] {
  const groups = new Map<string, PendingApproval[]>();
  for (const p of pending) {
    const key = JSON.stringify([p.agent, p.approver]);
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  const now = preciseNow();
  return [...groups.values()].map((group, i) => {
    const { agent, approver } = group[0] as PendingApproval;
    const approvals = group.map((p) => ({
      tool: p.tool,
      arguments: parseArgs(p.item.arguments) ?? p.item.arguments ?? null,
    }));
    const tools = group.map((p) => p.tool).join(', ');
    return {
      id: `baton-approval-${step}-${i}`,
      name: `handoff ${agent} -> ${approver} (approval of ${tools})`,
      start: now,
      end: now,
      attributes: {
        ...handoff(agent, approver, 'person', JSON.stringify({ approvals })),
        [APPROVAL_TOOLS_ATTR]: tools,
      },
    };
  });
}

/** The tools whose calls a handoff to a person asks approval for (comma-separated). */
export const APPROVAL_TOOLS_ATTR = 'openai_agents.approval.tools';

type PersonStep = Extract<Step, { kind: 'person' }>;

/**
 * The answer a person step gives the calls waiting for that person; throws, naming the words
 * Baton reads, when the decision neither approves nor rejects.
 */
export function decisionFor(
  step: PersonStep,
  waiting: readonly PendingApproval[],
  caseId: string,
  index: number,
): ApprovalDecision {
  const decided = approvalDecision(step.decision);
  if (decided) return decided;
  const tools = [...new Set(waiting.map((p) => p.tool))].join(', ');
  throw new BatonError(
    'adapter.options',
    `Failed to run step ${index} of case ${caseId}: ${step.who} decides "${step.decision}", but ${tools} waits for ${step.who}'s approval and Baton reads only approve or reject there. Write decision: approve (or approved, yes, ok) or decision: reject (or rejected, denied, no); a note goes with it.`,
  );
}
