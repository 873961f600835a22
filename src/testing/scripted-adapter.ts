import type { Adapter, CaseContext } from '../adapters/adapter.ts';
import type { Case } from '../model/labelled-case.ts';
import { describeStep, type Step, type StepKind } from '../model/step.ts';
import {
  emitAccept,
  emitHandoff,
  emitQuestion,
  emitReject,
  type HandoffSpec,
  type RejectionSpec,
  withAgentTurn,
} from '../public/conventions.ts';

/** What the implementation under script does at one step. */
export interface ScriptedTurn {
  /** What the step must be; a mismatch fails the case (the script is out of step). */
  readonly expect?: { readonly kind?: StepKind; readonly text?: string | RegExp };
  /** The agent doing the work this turn (wraps the spans in an agent turn). */
  readonly agent?: string;
  readonly handoffs?: readonly HandoffSpec[];
  /** Receivers that accept the work handed to them, as `[receiver, sender]`. */
  readonly accepts?: readonly (readonly [string, string])[];
  readonly rejects?: readonly RejectionSpec[];
  readonly questions?: readonly {
    readonly by: string;
    readonly to: string;
    readonly fields: readonly string[];
  }[];
  /** Anything else, with the step and the case context (emit effects, claims, custom spans). */
  readonly run?: (step: Step, ctx: CaseContext) => unknown | Promise<unknown>;
}

/** Thrown when a case's steps and its script disagree: the case is `error`, with this message. */
export class ScriptError extends Error {
  override readonly name = 'ScriptError';
}

function checkExpect(turn: ScriptedTurn, step: Step, where: string): void {
  const want = turn.expect;
  if (!want) return;
  if (want.kind !== undefined && want.kind !== step.kind) {
    throw new ScriptError(
      `${where} is a ${step.kind} step (${describeStep(step)}); the script expected a ${want.kind} step`,
    );
  }
  if (want.text !== undefined) {
    const text = step.kind === 'customer' ? step.text : describeStep(step);
    const ok = typeof want.text === 'string' ? text.includes(want.text) : want.text.test(text);
    if (!ok)
      throw new ScriptError(`${where} says "${text}"; the script expected ${String(want.text)}`);
  }
}

async function play(turn: ScriptedTurn, step: Step, ctx: CaseContext): Promise<void> {
  const emit = () => {
    for (const h of turn.handoffs ?? []) emitHandoff(h, ctx.tracer);
    for (const q of turn.questions ?? []) emitQuestion(q.by, q.to, q.fields, ctx.tracer);
  };
  if (turn.agent !== undefined) withAgentTurn(turn.agent, emit, ctx.tracer);
  else emit();
  for (const [by, from] of turn.accepts ?? []) emitAccept(by, from, ctx.tracer);
  for (const r of turn.rejects ?? []) emitReject(r, ctx.tracer);
  await turn.run?.(step, ctx);
}

/**
 * An adapter that plays a script instead of driving an implementation: for writing and testing
 * suites, checks and your own adapters without a real system. It fails a case (as an error) when
 * a step arrives that the script does not expect, or when turns are left unconsumed at the end,
 * like a scripted model that refuses unexpected calls.
 */
export function scriptedAdapter(
  script: Readonly<Record<string, readonly ScriptedTurn[]>>,
  name = 'scripted',
): Adapter {
  return {
    name,
    async runCase(testCase: Case, ctx: CaseContext) {
      const turns = script[testCase.id];
      if (!turns)
        throw new ScriptError(
          `case ${testCase.id} has no script (scripted: ${Object.keys(script).join(', ') || 'none'})`,
        );
      for (let i = 0; i < testCase.steps.length; i++) {
        const where = `case ${testCase.id} step ${i}`;
        const turn = turns[i];
        if (!turn)
          throw new ScriptError(
            `${where} was not expected: the script has ${turns.length} turn(s)`,
          );
        await ctx.step(i, async (step) => {
          checkExpect(turn, step, where);
          await play(turn, step, ctx);
        });
      }
      if (turns.length > testCase.steps.length) {
        const left = turns.length - testCase.steps.length;
        throw new ScriptError(
          `case ${testCase.id} ended with ${left} unconsumed script turn(s): the case has ${testCase.steps.length} step(s)`,
        );
      }
      return undefined;
    },
  };
}
