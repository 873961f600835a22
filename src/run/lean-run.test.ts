import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import type { CaseRun } from '../metrics/case-run.ts';
import { caseRunOf, runMeasure } from '../metrics/run-measure.ts';
import { FINDING_CODES, type FindingCode } from '../model/finding.ts';
import { leanRun } from './lean-run.ts';

const code = fc.constantFrom(...FINDING_CODES.slice(0, 6), 'case.error' as FindingCode);
const finding = fc.record({ code, outcome: fc.constantFrom('pass', 'fail', 'error') as never });
const note = fc.record({ code: fc.constant('window.past_end'), message: fc.string() });
const run = fc
  .record({
    status: fc.constantFrom('pass', 'fail', 'error'),
    findings: fc.array(finding, { maxLength: 8 }),
    hops: fc.nat(3),
    opportunities: fc.dictionary(code, fc.nat(2), { maxKeys: 4 }),
    notes: fc.option(fc.array(note, { maxLength: 2 }), { nil: undefined }),
  })
  .map(
    (r): CaseRun =>
      ({
        status: r.status,
        findings: r.findings.map((f) => ({ ...f, check: 'c', spanIds: ['s'], message: 'm' })),
        handoffs: Array.from({ length: r.hops }, (_, i) => ({
          from: 'a',
          to: 'b',
          step: i,
          spanId: 'x',
        })),
        opportunities: r.opportunities,
        targets: [{ expected: 'a', observed: 'none' }],
        durationMs: 3,
        recognition: [{ source: 'shape', name: 'Baton', spans: 2 }],
        ...(r.notes && { notes: r.notes }),
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
