import { describe, expect, it } from 'vitest';
import type { HaltEvent } from '../model/timeline.ts';
import { halt } from './halt.ts';
import { bindCheck } from './registry.ts';
import { handoff, labels, timeline } from './timeline-fixtures.ts';

const check = bindCheck(halt, {});

function stopped(step: number, extra: Partial<HaltEvent>): HaltEvent {
  return { kind: 'halt', step, at: step * 100 + 50, spanId: 'halt', cause: 'turn_limit', ...extra };
}

describe('halt', () => {
  it('fails a run its framework stopped at the turn limit, at that step, saying so', () => {
    const t = timeline(
      handoff('claims_intake', 'payments', 1),
      handoff('payments', 'claims_intake', 1),
      stopped(1, { limit: 12, agent: 'payments', detail: 'Max turns (12) exceeded' }),
    );

    expect(check.run(t, labels([]))).toEqual([
      {
        check: 'halt',
        code: 'case.turn_limit',
        outcome: 'fail',
        step: 1,
        expected: { finished: true },
        observed: {
          cause: 'turn_limit',
          limit: 12,
          agent: 'payments',
          detail: 'Max turns (12) exceeded',
        },
        message: "the run hit the SDK's turn limit at step 1 (limit 12) and was stopped unfinished",
        spanIds: ['halt'],
      },
    ]);
  });

  it("quotes the framework's words when it gave no limit", () => {
    const t = timeline(stopped(0, { detail: 'out of steps' }));

    expect(check.run(t, labels([]))[0]?.message).toBe(
      "the run hit the SDK's turn limit at step 0 and was stopped unfinished: out of steps",
    );
  });

  it('fails a guardrail tripwire as case.guardrail_tripped, naming the guardrail', () => {
    const t = timeline(
      stopped(2, { cause: 'guardrail', guardrail: 'pii', detail: 'Input guardrail triggered' }),
    );

    expect(check.run(t, labels([]))).toMatchObject([
      {
        code: 'case.guardrail_tripped',
        outcome: 'fail',
        step: 2,
        message:
          'the guardrail pii tripped at step 2 and the SDK stopped the run: Input guardrail triggered',
      },
    ]);
  });

  it('finds nothing in a run that finished; each code has one opportunity a case run', () => {
    const t = timeline(handoff('a', 'b', 0));

    expect(check.run(t, labels([]))).toEqual([]);
    expect(check.opportunities(t, labels([]))).toEqual({
      'case.turn_limit': 1,
      'case.guardrail_tripped': 1,
    });
  });
});
