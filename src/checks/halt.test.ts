import { describe, expect, it } from 'vitest';
import type { ExpectedGuardrail, Labels } from '../model/labelled-case.ts';
import type { HaltEvent, StepEvent } from '../model/timeline.ts';
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
      'case.guardrail_not_tripped': 0,
    });
  });
});

describe('halt, in a case that means a guardrail to trip (expect.guardrail)', () => {
  const expecting = (guardrail: ExpectedGuardrail): Labels => ({ handoffs: [], guardrail });
  const tripped = (step: number, guardrail?: string) =>
    stopped(step, { cause: 'guardrail', ...(guardrail !== undefined && { guardrail }) });
  const outcomes = (t: ReturnType<typeof timeline>, g: ExpectedGuardrail) =>
    check.run(t, expecting(g)).map((f) => `${f.code}@${f.step}: ${f.message}`);

  it('passes when that guardrail trips, at any step or at the labelled one', () => {
    const t = timeline(stepAt(0), stepAt(1), tripped(1, 'abuse_filter'));

    expect(check.run(t, expecting({ name: 'abuse_filter' }))).toEqual([]);
    expect(check.run(t, expecting({ name: 'abuse_filter', window: [1, 1] }))).toEqual([]);
    expect(check.run(t, expecting({}))).toEqual([]);
    expect(check.opportunities(t, expecting({}))).toMatchObject({
      'case.guardrail_not_tripped': 1,
    });
  });

  it('fails with case.guardrail_not_tripped when the run went on to its end', () => {
    const t = timeline(stepAt(0), stepAt(1), handoff('triage', 'refunds', 1));

    expect(check.run(t, expecting({ name: 'abuse_filter' }))).toEqual([
      {
        check: 'halt',
        code: 'case.guardrail_not_tripped',
        outcome: 'fail',
        step: 1,
        expected: { guardrail: 'abuse_filter' },
        observed: { finished: true },
        message:
          'the case expects the guardrail abuse_filter to trip; none tripped and the run went on to its end',
        spanIds: [],
      },
    ]);
    expect(outcomes(t, { window: [1, 2] })).toEqual([
      'case.guardrail_not_tripped@1: the case expects a guardrail to trip at steps 1–2; none tripped and the run went on to its end',
    ]);
  });

  it('fails a different guardrail twice: its trip was not expected, and the named one never came', () => {
    const t = timeline(stepAt(0), tripped(0, 'pii'));

    expect(outcomes(t, { name: 'abuse_filter' })).toEqual([
      'case.guardrail_tripped@0: the guardrail pii tripped at step 0 and the SDK stopped the run; the case expects the guardrail abuse_filter to trip',
      'case.guardrail_not_tripped@0: the case expects the guardrail abuse_filter to trip; the guardrail pii tripped at step 0 instead',
    ]);
  });

  it('fails the right guardrail tripping at another step than the labelled one', () => {
    const t = timeline(stepAt(0), tripped(0, 'abuse_filter'));

    expect(outcomes(t, { name: 'abuse_filter', window: [2, 2] })).toEqual([
      'case.guardrail_tripped@0: the guardrail abuse_filter tripped at step 0 and the SDK stopped the run; the case expects the guardrail abuse_filter to trip at step 2',
      'case.guardrail_not_tripped@2: the case expects the guardrail abuse_filter to trip at step 2; it tripped at step 0 instead',
    ]);
  });

  it('does not take a turn limit for the expected trip', () => {
    const t = timeline(stepAt(0), stopped(0, { limit: 4 }));

    expect(check.run(t, expecting({})).map((f) => f.code)).toEqual([
      'case.turn_limit',
      'case.guardrail_not_tripped',
    ]);
    expect(check.run(t, expecting({}))[1]?.message).toBe(
      "the case expects a guardrail to trip; the run hit the SDK's turn limit at step 0 instead",
    );
  });
});

function stepAt(step: number): StepEvent {
  return {
    kind: 'step',
    step,
    at: step * 100,
    spanId: `step${step}`,
    stepKind: 'customer',
    end: step * 100 + 99,
  };
}
