import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { FINDING_CODES, type Finding } from '../model/finding.ts';
import type { Case } from '../model/labelled-case.ts';
import { findingLine } from './locate-finding.ts';

const testCase: Case = {
  id: 'refund',
  title: 'refund',
  source: 'test',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: ['supervisor'],
  entry: 'triage',
  steps: [
    { kind: 'customer', text: 'refund please' },
    { kind: 'customer', text: 'order A-1' },
  ],
  labels: {
    handoffs: [
      { from: 'triage', to: 'refunds', window: [1, 1], alternatives: [], carry: { order: 'A-1' } },
      { from: 'refunds', to: 'supervisor', window: [1, 1], alternatives: [], carry: {} },
    ],
    effects: [{ effect: 'refund', key: 'A-1', times: 1 }],
    maxHops: 2,
  },
  positions: {
    id: 2,
    expect: 10,
    steps: [7, 8],
    handoffs: [
      { line: 12, carry: { order: 13 } },
      { line: 14, carry: {} },
    ],
    effects: [16],
    maxHops: 17,
  },
};

function finding(over: Partial<Finding>): Finding {
  return { check: 'x', code: 'handoff.late', outcome: 'fail', spanIds: [], message: '', ...over };
}

describe('findingLine points a finding at the label it judges', () => {
  test('a missed handoff points at its expectation, a missing fact at the fact', () => {
    const missed = finding({
      code: 'handoff.missed',
      expected: { from: 'refunds', to: 'supervisor', window: [1, 1] },
    });
    const fact = finding({
      code: 'handoff.missing_fact',
      expected: { fact: 'order', value: 'A-1', from: 'triage', to: 'refunds' },
    });

    expect(findingLine(missed, testCase)).toBe(14);
    expect(findingLine(fact, testCase)).toBe(13);
  });

  test('effects point at their label, the hop cap at max_hops', () => {
    const double = finding({ code: 'effect.double', expected: { effect: 'refund', key: 'A-1' } });
    const hops = finding({ code: 'handoff.hops_exceeded', step: 1, expected: { maxHops: 2 } });

    expect(findingLine(double, testCase)).toBe(16);
    expect(findingLine(hops, testCase)).toBe(17);
  });

  test('an unneeded handoff points at the step where it happened, a case error at the labels', () => {
    const unneeded = finding({ code: 'handoff.unneeded', step: 0, expected: null });
    const error = finding({ code: 'case.error', outcome: 'error', expected: null });

    expect(findingLine(unneeded, testCase)).toBe(7);
    expect(findingLine(error, testCase)).toBe(10);
  });

  test.prop([
    fc.constantFrom(...FINDING_CODES),
    fc.option(fc.integer({ min: -1, max: 5 }), { nil: undefined }),
    fc.anything(),
  ])('every finding points at a line the case file has', (code, step, expected) => {
    const line = findingLine(
      finding({ code, expected, ...(step !== undefined && { step }) }),
      testCase,
    );

    expect([2, 7, 8, 10, 12, 13, 14, 16, 17]).toContain(line);
  });

  test('a case built in code (no file positions) has no line', () => {
    const { positions: _, ...inCode } = testCase;

    expect(findingLine(finding({}), inCode)).toBeUndefined();
  });
});
