import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CompareGateResult } from '../compare-report.ts';
import { gateActual, gateThreshold } from './gate-text.ts';
import { differenceText } from './metric-text.ts';
import { helpdeskComparison } from './test-support.ts';

const gate = (over: Partial<CompareGateResult>): CompareGateResult => ({
  name: 'delta(handoff.missed)',
  threshold: '<= 0',
  actual: 0.153846,
  passed: false,
  unit: 'rate',
  limit: { op: '<=', value: 0 },
  ...over,
});

describe('gate text', () => {
  it('shows a delta gate on a rate in percentage points, as the metrics table does', () => {
    const r = helpdeskComparison();
    const g = r.gates.find((x) => x.name === 'delta(handoff.missed)') as CompareGateResult;
    const row = r.metrics.find((m) => m.metric === 'handoff.missed');

    expect([gateThreshold(g), gateActual(g)]).toEqual(['<= 0 pp', '+15.4 pp']);
    expect(row && differenceText(row).startsWith(`${gateActual(g)} [`)).toBe(true);
  });

  it.each([
    [
      { limit: { op: '>=', value: -0.02 }, threshold: '>= -0.02', actual: -0.454545 },
      '>= −2 pp',
      '−45.5 pp',
    ],
    [
      { limit: { op: '<=', value: 0.0025 }, threshold: '<= 0.0025', actual: 0.0004 },
      '<= +0.25 pp',
      '+0.04 pp',
    ],
    [
      { unit: 'total', limit: { op: '<=', value: 5 }, threshold: '<= 5', actual: 76 },
      '<= +5',
      '+76',
    ],
    [
      { unit: 'p', limit: undefined, threshold: 'not worse at p < 0.05', actual: 0.007813 },
      'not worse at p < 0.05',
      '0.0078',
    ],
    [{ unit: 'cases', limit: { op: '<=', value: 0 }, threshold: '<= 0', actual: 8 }, '<= 0', '8'],
    [{ actual: null }, '<= 0 pp', 'n/a'],
    // compare.json written before gates said their unit: as written.
    [{ unit: undefined, limit: undefined, actual: 0.153846 }, '<= 0', '0.153846'],
  ] as const)('%o reads %s, actual %s', (over, threshold, actual) => {
    const g = gate(over as Partial<CompareGateResult>);
    expect([gateThreshold(g), gateActual(g)]).toEqual([threshold, actual]);
  });

  test.prop([fc.double({ min: -1, max: 1, noNaN: true })])(
    'gives a rate actual in points with its sign, within the rounding of its last digit',
    (actual) => {
      const text = gateActual(gate({ actual }));
      const m = /^([+−]?)(\d+(?:\.\d+)?) pp$/.exec(text);
      expect(m).not.toBeNull();
      const shown = Number(m?.[2]) * (m?.[1] === '−' ? -1 : 1);
      expect(Math.abs(shown - actual * 100)).toBeLessThanOrEqual(0.05 + 1e-9);
      if (Math.abs(actual) >= 1e-9) expect(m?.[1]).toBe(actual > 0 ? '+' : '−');
      // A non-zero difference never reads as zero (a failed `<= 0` gate with actual +0.0 pp).
      if (Math.abs(actual) >= 1e-9) expect(shown).not.toBe(0);
    },
  );
});
