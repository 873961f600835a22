import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { CaseRun } from '../metrics/case-run.ts';
import { caseRun } from '../metrics/case-run-arbitrary.ts';
import { caseRunOf, runMeasure } from '../metrics/run-measure.ts';
import { leanRun } from './lean-run.ts';

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
