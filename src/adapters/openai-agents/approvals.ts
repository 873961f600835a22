import type { Case } from '../../model/labelled-case.ts';
import type { Step } from '../../model/step.ts';
import { approvalPayload, approverOf, decisionFor, rejectionText } from '../approvals.ts';
import { handoff, nameOf } from './handoff-attrs.ts';
import type { MappingRules } from './options.ts';
import type { PlannedSpan } from './planned-span.ts';
import { preciseNow } from './sdk-span.ts';
import { parseArgs } from './tool-args.ts';
import type { Interrupted, Resumed } from './turn.ts';

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
 * each approver, at the moment the turn stopped, its payload listing the calls (`approvalPayload`).
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
    const payload = approvalPayload(
      group.map((p) => ({
        tool: p.tool,
        arguments: parseArgs(p.item.arguments) ?? p.item.arguments,
      })),
    );
    const tools = group.map((p) => p.tool).join(', ');
    return {
      id: `baton-approval-${step}-${i}`,
      name: `handoff ${agent} -> ${approver} (approval of ${tools})`,
      start: now,
      end: now,
      attributes: {
        ...handoff(agent, approver, 'person', JSON.stringify(payload)),
        [APPROVAL_TOOLS_ATTR]: tools,
      },
    };
  });
}

/** The tools whose calls a handoff to a person asks approval for (comma-separated). */
export const APPROVAL_TOOLS_ATTR = 'openai_agents.approval.tools';

/** A run stopped for approvals, and the calls waiting, each with its approver. */
interface Stopped {
  readonly run: Interrupted;
  readonly waiting: readonly PendingApproval<Interrupted['items'][number]>[];
}

/**
 * One case's approvals (`needsApproval`): a turn that stops at calls waiting for approval hands
 * the work to the person who decides, and that person's step approves or rejects their calls
 * and resumes the stopped run. A turn of any other step goes on from the conversation instead,
 * and the calls are never decided.
 */
export class SdkApprovals {
  #stopped: Stopped | undefined;

  constructor(
    private readonly rules: MappingRules,
    private readonly testCase: Case,
  ) {}

  /**
   * Before step `index`'s turn: when it is the decision of a person calls wait for, the turn
   * that resumes the stopped run with it; else undefined (a turn, if one runs, goes on from the
   * conversation, and the calls are dropped with the stopped run).
   */
  answer(step: Step, index: number): Resumed | undefined {
    const stopped = this.#stopped;
    if (stopped === undefined || step.kind !== 'person') return undefined;
    const mine = stopped.waiting.filter((p) => p.approver === step.who);
    if (mine.length === 0) return undefined;
    const tools = mine.map((p) => p.tool);
    const decision = decisionFor(step, tools, this.testCase, index);
    for (const { item } of mine) {
      if (decision.approve) stopped.run.state.approve(item);
      else stopped.run.state.reject(item, { message: rejectionText(step) });
    }
    return { resume: stopped.run };
  }

  /**
   * After step `index`'s turn (whichever way it ran): the handoffs to the approvers of the calls
   * it stopped at, if it stopped.
   */
  afterTurn(interrupted: Interrupted | undefined, index: number): PlannedSpan[] {
    this.#stopped = undefined;
    if (interrupted === undefined) return [];
    const { rules, testCase } = this;
    const waiting = pendingApprovals(interrupted.items, rules, (tool) =>
      approverOf(tool, rules.approvals, testCase, index, 'adapter.options.approvals'),
    );
    this.#stopped = { run: interrupted, waiting };
    return approvalHandoffs(waiting, index);
  }
}
