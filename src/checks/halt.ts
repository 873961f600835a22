import type { FindingData } from '../model/finding.ts';
import type { ExpectedGuardrail } from '../model/labelled-case.ts';
import type { HaltEvent, Timeline } from '../model/timeline.ts';
import { defineCheck } from './check.ts';

const CODE = { turn_limit: 'case.turn_limit', guardrail: 'case.guardrail_tripped' } as const;

/**
 * The implementation's framework stopped the run (its turn limit, a guardrail tripwire): the
 * implementation did not finish what the case asks, so the case fails, and is judged on what
 * happened before. Not an error: Baton and the adapter did their part. A case that means a
 * guardrail to trip (`expect.guardrail`) passes on that trip, and fails with
 * `case.guardrail_not_tripped` when it does not come: another guardrail, another step, or none.
 */
export const halt = defineCheck<Record<string, never>>({
  name: 'halt',
  opportunities: (_timeline, labels) => ({
    'case.turn_limit': 1,
    'case.guardrail_tripped': 1,
    'case.guardrail_not_tripped': labels.guardrail ? 1 : 0,
  }),
  run(timeline, labels) {
    const expected = labels.guardrail;
    const out: FindingData[] = [];
    let met: HaltEvent | undefined;
    const halts: HaltEvent[] = [];
    for (const e of timeline.events) {
      if (e.kind !== 'halt') continue;
      halts.push(e);
      if (met === undefined && expected && isExpectedTrip(expected, e)) met = e;
      else out.push(haltFinding(e, expected));
    }
    if (expected && met === undefined) out.push(notTripped(expected, halts, timeline));
    return out;
  },
});

/** The trip the label means: its guardrail (any, when it names none), at a step it allows. */
export function isExpectedTrip(expected: ExpectedGuardrail, e: HaltEvent): boolean {
  if (e.cause !== 'guardrail') return false;
  if (expected.name !== undefined && e.guardrail !== expected.name) return false;
  const w = expected.window;
  return w === undefined || (e.step >= w[0] && e.step <= w[1]);
}

function haltFinding(e: HaltEvent, expected: ExpectedGuardrail | undefined): FindingData {
  const { kind: _kind, at: _at, spanId, step, ...observed } = e;
  return {
    check: 'halt',
    code: CODE[e.cause],
    outcome: 'fail',
    step,
    expected: expected && e.cause === 'guardrail' ? guardrailShape(expected) : { finished: true },
    observed,
    spanIds: [spanId],
  };
}

/** The expected trip that never came: at its first step, else where the run stopped or ended. */
function notTripped(
  expected: ExpectedGuardrail,
  halts: readonly HaltEvent[],
  timeline: Timeline,
): FindingData {
  const stopped = halts[0];
  const step = expected.window?.[0] ?? stopped?.step ?? lastStep(timeline);
  return {
    check: 'halt',
    code: 'case.guardrail_not_tripped',
    outcome: 'fail',
    step,
    expected: guardrailShape(expected),
    observed: stopped
      ? {
          cause: stopped.cause,
          step: stopped.step,
          ...(stopped.guardrail !== undefined && { guardrail: stopped.guardrail }),
        }
      : { finished: true },
    spanIds: stopped ? [stopped.spanId] : [],
  };
}

function guardrailShape(expected: ExpectedGuardrail) {
  return {
    guardrail: expected.name ?? 'any',
    ...(expected.window !== undefined && { window: expected.window }),
  };
}

function lastStep(timeline: Timeline): number {
  let last = 0;
  for (const e of timeline.events) if (e.kind === 'step' && e.step > last) last = e.step;
  return last;
}
