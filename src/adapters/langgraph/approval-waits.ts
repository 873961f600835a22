import type { Tracer } from '@opentelemetry/api';
import type { Case } from '../../model/labelled-case.ts';
import type { Step } from '../../model/step.ts';
import {
  type ApproverRules,
  approvalPayload,
  approverOf,
  decisionFor,
  rejectionText,
} from '../approvals.ts';
import {
  type ApprovalInterrupt,
  approvalInterrupts,
  approvalResume,
} from './approval-interrupts.ts';
import { emitObservations } from './emit-observations.ts';
import type { Transfer, UpdateMapper } from './observations.ts';

/** Where a LangGraph app names who approves, for the error of a case that names nobody. */
const SETTING = "the app's approvals (defineGraphApp returns { graph, approvals })";

/** Calls a turn stopped at for approval: the agent whose calls wait, the person, the interrupts. */
interface Asked {
  readonly agent: string;
  readonly approver: string;
  readonly interrupts: readonly ApprovalInterrupt[];
}

/**
 * One case's approvals in a LangGraph app (LangChain's `humanInTheLoopMiddleware`): a turn that
 * stops at calls waiting for approval hands the work from the waiting agent to the person who
 * decides, and that person's `person` step resumes the graph with a decision on every call,
 * handing the work back. Handoffs are written under the active context (the step span).
 */
export class ApprovalWaits {
  #asked: Asked | undefined;
  /** The person's handoff back, written once the step's turn runs. */
  #answer: Transfer | undefined;

  constructor(
    private readonly rules: ApproverRules,
    private readonly testCase: Case,
    private readonly tracer: Tracer,
  ) {}

  /**
   * Before step `index`: when it is the decision of the person the calls wait for, the resume
   * value for those calls (`{ decisions }`); the handoff back to the agent is written when the
   * turn runs (`turnRuns`).
   */
  answer(step: Step, index: number, mapper: UpdateMapper): unknown | undefined {
    this.#answer = undefined;
    const asked = this.#asked;
    if (!asked || step.kind !== 'person' || step.who !== asked.approver || !mapper.interrupted)
      return undefined;
    const tools = asked.interrupts.flatMap((i) => i.calls.map((c) => c.tool));
    const decision = decisionFor(step, tools, this.testCase, index);
    const payload = {
      ...approvalPayload(asked.interrupts.flatMap((i) => i.calls)),
      decision: step.decision,
      ...(step.note !== undefined && { note: step.note }),
    };
    this.#answer = {
      from: step.who,
      to: asked.agent,
      targetKind: 'agent',
      reason: 'person_decision',
      payload,
      via: 'approval',
    };
    return approvalResume(
      asked.interrupts,
      decision.approve ? { type: 'approve' } : { type: 'reject', message: rejectionText(step) },
    );
  }

  /** The step's turn runs: a decision answered before it hands the work back to the agent. */
  turnRuns(mapper: UpdateMapper): void {
    const answer = this.#answer;
    this.#answer = undefined;
    if (answer === undefined) return;
    emitObservations([{ kind: 'move', transfer: answer }], this.tracer);
    mapper.handTo(answer.to);
  }

  /**
   * After step `index`'s turn: the calls its interrupt waits on, if any, handed to the person who
   * decides (the approver of the first call decides them all: one resume answers an interrupt).
   */
  afterTurn(index: number, mapper: UpdateMapper): void {
    this.#asked = undefined;
    const interrupts = mapper.interrupted ? approvalInterrupts(mapper.interrupts) : [];
    const first = interrupts[0]?.calls[0];
    if (first === undefined) return;
    const agent = mapper.current ?? this.testCase.entry;
    const approver = approverOf(first.tool, this.rules, this.testCase, index, SETTING);
    const calls = interrupts.flatMap((i) => i.calls);
    const transfer = {
      from: agent,
      to: approver,
      targetKind: 'person' as const,
      payload: approvalPayload(calls),
      via: 'approval' as const,
    };
    emitObservations([{ kind: 'move', transfer }], this.tracer);
    mapper.handTo(approver);
    this.#asked = { agent, approver, interrupts };
  }
}
