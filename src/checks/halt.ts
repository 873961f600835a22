import type { FindingData } from '../model/finding.ts';
import type { HaltEvent } from '../model/timeline.ts';
import { defineCheck } from './check.ts';

const CODE = { turn_limit: 'case.turn_limit', guardrail: 'case.guardrail_tripped' } as const;

/**
 * The implementation's framework stopped the run (its turn limit, a guardrail tripwire): the
 * implementation did not finish what the case asks, so the case fails, and is judged on what
 * happened before. Not an error: Baton and the adapter did their part.
 */
export const halt = defineCheck<Record<string, never>>({
  name: 'halt',
  opportunities: () => ({ 'case.turn_limit': 1, 'case.guardrail_tripped': 1 }),
  run(timeline) {
    const out: FindingData[] = [];
    for (const e of timeline.events) if (e.kind === 'halt') out.push(finding(e));
    return out;
  },
});

function finding(e: HaltEvent): FindingData {
  const { kind: _kind, at: _at, spanId, step, ...observed } = e;
  return {
    check: 'halt',
    code: CODE[e.cause],
    outcome: 'fail',
    step,
    expected: { finished: true },
    observed,
    spanIds: [spanId],
  };
}
