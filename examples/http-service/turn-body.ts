import type { Step } from 'baton-handoffs';
import type { Turn, TurnResult } from './desk.ts';

const STEP_KINDS = ['customer', 'tool', 'signal', 'person'];

/** The request body as a turn (with the case id, for the fault switch), or what is wrong. */
export function parseTurn(text: string): (Turn & { readonly case_id?: string }) | string {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'the body is not JSON';
  }
  const b = (body ?? {}) as Record<string, unknown>;
  const step = b.step as { kind?: unknown } | undefined;
  if (typeof b.run_id !== 'string' || b.run_id === '') return 'run_id must be a non-empty string';
  if (typeof b.entry !== 'string' || b.entry === '') return 'entry must be an agent name';
  if (typeof b.step_index !== 'number') return 'step_index must be a number';
  if (typeof step?.kind !== 'string' || !STEP_KINDS.includes(step.kind)) {
    return `step.kind must be one of ${STEP_KINDS.join(', ')}`;
  }
  return {
    run_id: b.run_id,
    entry: b.entry,
    step_index: b.step_index,
    step: step as Step,
    ...(typeof b.case_id === 'string' && { case_id: b.case_id }),
  };
}

/**
 * The answer to a turn. It repeats the handoffs the spans record, so a suite can also judge the
 * desk from answers alone (`decision: { from: response, handoff_to: handoffs.*.to, ... }`).
 */
export function responseOf(result: TurnResult) {
  return {
    owner: result.owner,
    handoffs: result.actions.flatMap((a) =>
      a.kind === 'handoff'
        ? [
            {
              from: a.from,
              to: a.to,
              reason: a.reason,
              target_kind: a.targetKind,
              payload: a.payload,
            },
          ]
        : [],
    ),
    asked: result.actions.flatMap((a) => (a.kind === 'ask' ? a.fields : [])),
  };
}
