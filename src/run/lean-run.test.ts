import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { CaseRun } from '../metrics/case-run.ts';
import { caseRun } from '../metrics/case-run-arbitrary.ts';
import { caseTally } from '../metrics/case-tally.ts';
import { caseRunOf, runMeasure } from '../metrics/run-measure.ts';
import type { CaseResult } from '../model/report.ts';
import { KeptShapes, keptCase, leanRun } from './lean-run.ts';

const note = fc.record({ code: fc.constant('window.past_end'), message: fc.string() });
// With what only a first repeat keeps (notes, recognition counts).
const run = fc.tuple(caseRun, fc.option(fc.array(note, { maxLength: 2 }), { nil: undefined })).map(
  ([r, notes]): CaseRun =>
    ({
      ...r,
      recognition: [{ source: 'shape', name: 'Baton', spans: 2 }],
      ...(notes && { notes }),
    }) as CaseRun,
);

describe('a kept lean run', () => {
  test.prop([run, fc.boolean()])(
    'is what a report.json measure gives back, without recognition and opportunities (the kept tally has them)',
    (r, first) => {
      const { recognition: _, ...measured } = caseRunOf(runMeasure(r, first));
      expect(leanRun(r, first)).toEqual({ ...measured, opportunities: {} });
    },
  );
});

/** What keptCase reads of a result: its id, verdict, findings and tally. */
function resultOf(id: string, runs: readonly CaseRun[]): CaseResult {
  const first = runs[0] as CaseRun;
  return {
    id,
    status: first.status,
    findings: first.findings,
    tally: caseTally(runs),
  } as unknown as CaseResult;
}

const cases = fc.array(fc.array(run, { minLength: 1, maxLength: 2 }), {
  minLength: 1,
  maxLength: 30,
});

describe('kept cases sharing their parts', () => {
  test.prop([cases])('are what each case keeps on its own, part for part', (all) => {
    const shapes = new KeptShapes();
    all.forEach((runs, i) => {
      const result = resultOf(`c${i}`, runs);
      expect(keptCase(result, 1, runs, shapes)).toStrictEqual(keptCase(result, 1, runs));
    });
  });

  test.prop([cases])('cases alike hold one object for each part; others their own', (all) => {
    const shapes = new KeptShapes();
    const kept = all.map((runs, i) => keptCase(resultOf(`c${i}`, runs), 1, runs, shapes));
    for (const a of kept)
      for (const b of kept) {
        for (const part of ['summarized', 'tally'] as const) {
          const alike = JSON.stringify(a[part]) === JSON.stringify(b[part]);
          expect(a[part] === b[part]).toBe(alike);
        }
        // Runs holding notes or escaped errors are a case's own.
        const own = (k: (typeof kept)[number]) => k.runs.some((r) => r.notes || r.strays);
        if (!own(a) && !own(b))
          expect(a.runs === b.runs).toBe(JSON.stringify(a.runs) === JSON.stringify(b.runs));
      }
  });
});
