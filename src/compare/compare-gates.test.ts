import { describe, expect, it } from 'vitest';
import { evaluateCompareGates } from './compare-gates.ts';
import { helpdeskComparison } from './render/test-support.ts';

describe('evaluateCompareGates', () => {
  const report = helpdeskComparison();
  const cost = report.metrics.find((m) => m.metric === 'cost');
  if (cost) Object.assign(cost.difference, { value: 76, low: 29, high: 133 });

  it('says what each actual counts and gives its limit as data, in the same unit', () => {
    const gates = evaluateCompareGates(
      [
        { gate: 'no_new_failures', max: 0 },
        { gate: 'errored', max: 1 },
        { gate: 'delta', metric: 'handoff.missed', max: 0, bound: 'point' },
        { gate: 'delta', metric: 'pass_rate', min: -0.02, bound: 'interval' },
        { gate: 'delta', metric: 'cost', max: 5, bound: 'point' },
        { gate: 'better', metric: 'pass_rate', p: 0.05 },
        { gate: 'not_worse', metric: 'pass_rate', p: 0.05 },
      ],
      report,
    );

    expect(gates.map((g) => [g.name, g.unit, g.limit, g.actual, g.passed])).toEqual([
      ['no new failures', 'cases', { op: '<=', value: 0 }, 2, false],
      ['errored (candidate)', 'cases', { op: '<=', value: 1 }, 0, true],
      ['delta(handoff.missed)', 'rate', { op: '<=', value: 0 }, 0.153846, false],
      ['delta(pass_rate) lower 95%', 'rate', { op: '>=', value: -0.02 }, -0.454545, false],
      ['delta(cost)', 'total', { op: '<=', value: 5 }, 76, false],
      ['better(pass_rate)', 'p', undefined, 0.5, false],
      ['not_worse(pass_rate)', 'p', undefined, 0.5, true],
    ]);
  });

  it('adds errored <= 0 to gates that name no errored gate: a crash is no pass', () => {
    const crashed = { ...report, candidate: { ...report.candidate, errored: 1 } };
    const gates = evaluateCompareGates([{ gate: 'no_new_failures', max: 5 }], crashed);
    expect(gates.map((g) => [g.name, g.actual, g.passed, g.implied])).toEqual([
      ['no new failures', 2, true, undefined],
      ['errored (candidate, implied)', 1, false, true],
    ]);
  });

  it('fails every gate when no case was judged on both sides: nothing was compared', () => {
    const nothing = {
      ...report,
      summary: {
        ...report.summary,
        paired: 0,
        broke: 0,
        fixed: 0,
        changed: 0,
        same: 0,
        errored: 6,
      },
    };

    const gates = evaluateCompareGates([], nothing);

    expect(gates.map((g) => [g.name, g.passed])).toEqual([
      ['no new failures', false],
      ['errored (candidate)', false],
    ]);
  });
});
