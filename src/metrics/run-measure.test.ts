import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseRun } from './case-run.ts';
import { caseRun as run } from './case-run-arbitrary.ts';
import { caseTally } from './case-tally.ts';
import { computeMetrics, runCost } from './compute-metrics.ts';
import { caseMeasure, caseRunOf } from './run-measure.ts';

const costs = { 'handoff.missed': 0.7, 'handoff.late': 0.1, 'handoff.early': 0.3 } as const;

describe('a case measure', () => {
  it('gives back runs with the tallies, costs and metrics of the runs it was made from', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(run, { minLength: 1, maxLength: 3 }), { maxLength: 5 }),
        (cases) => {
          const back = cases.map((runs) => caseMeasure(runs, 1).runs.map(caseRunOf));
          expect(back.map(caseTally)).toEqual(cases.map(caseTally));
          expect(back.map((runs) => runs.map((r) => runCost(r, costs)))).toEqual(
            cases.map((runs) => runs.map((r) => runCost(r, costs))),
          );
          expect(computeMetrics(back, costs)).toEqual(computeMetrics(cases, costs));
        },
      ),
    );
  });

  it('keeps recognition counts and notes of the first repeat only', () => {
    const first = {
      recognition: [{ source: 'shape', name: 'Baton', spans: 2 }],
      notes: [{ code: 'window.past_end', message: 'cut' }],
    } as const;
    const base: CaseRun = {
      status: 'pass',
      findings: [],
      handoffs: [],
      opportunities: {},
      targets: [],
      durationMs: 1,
    };
    const measure = caseMeasure(
      [
        { ...base, ...first },
        { ...base, ...first },
      ],
      0,
    );
    expect(measure.runs[0]).toMatchObject(first);
    expect(measure.runs[1]?.recognition).toBeUndefined();
    expect(measure.runs[1]?.notes).toBeUndefined();
  });
});
