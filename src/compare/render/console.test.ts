import { describe, expect, it } from 'vitest';
import { renderCompareConsole } from './console.ts';
import { helpdeskComparison } from './test-support.ts';

describe('renderCompareConsole', () => {
  const text = renderCompareConsole(helpdeskComparison(), { color: false });
  const section = (first: string) => {
    const all = text.split('\n\n');
    return all.find((s) => s.startsWith(first))?.split('\n');
  };

  it('shows MDD in points, and none when the cases are too few to detect any difference', () => {
    expect(section('Metric')).toEqual([
      'Metric          current                 proposed              difference (95% paired)  worse/better  McNemar p           MDD',
      'pass rate       100.0% [74.1%, 100.0%]  81.8% [52.3%, 94.9%]  −18.2 pp [−45.5, 0.0]           2 / 0        0.5       54.5 pp  not significant',
      'handoff.missed  0.0% [0.0%, 22.8%]      15.4% [4.3%, 42.2%]   +15.4 pp [0.0, +36.4]           2 / 0        0.5       60.0 pp  not significant',
      'effect.missing  0.0% [0.0%, 65.8%]      50.0% [9.5%, 90.5%]   +50.0 pp [0.0, +100.0]          1 / 0          1  none (n = 2)  not significant',
      'cost            0 [0, 0]                0 [0, 0]              0 [0, 0]                        0 / 0          1             —  same',
    ]);
  });

  it('shows each gate in the unit of the metrics table', () => {
    expect(section('Gates')).toEqual([
      'Gates',
      '✗  no new failures        <= 0                   actual 2',
      '✗  delta(handoff.missed)  <= 0 pp                actual +15.4 pp',
      '✓  not_worse(pass_rate)   not worse at p < 0.05  actual 0.5',
    ]);
  });

  it('ends with the gates’ verdict, then the statistical finding on its own line', () => {
    expect(text.trimEnd().split('\n').slice(-2)).toEqual([
      'FAIL  2 cases broke, 0 fixed · 2 of 3 gates failed: no new failures, delta(handoff.missed)',
      '      pass rate −18.2 pp: not statistically significant at n = 11 (McNemar p = 0.5, α = 0.05)',
    ]);
  });
});
