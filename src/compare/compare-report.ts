import { z } from 'zod';
import { FINDING_CODES } from '../model/finding.ts';

/** Bump when a field of compare.json changes meaning or disappears; adding one does not. */
export const COMPARE_SCHEMA_VERSION = 1;

/** How a case changed from the baseline to the candidate. */
export const CASE_CHANGES = [
  'broke',
  'fixed',
  'changed',
  'same',
  'errored',
  'added',
  'removed',
] as const;
export type CaseChangeKind = (typeof CASE_CHANGES)[number];

const Status = z.enum(['pass', 'fail', 'error']);
const Count = z.number().int().min(0);

const Side = z.object({
  name: z.string().describe('The variant name, else the suite name.'),
  suite: z.string(),
  variant: z.string().optional(),
  adapter: z.string(),
  file: z.string().optional().describe('The report file or suite file this side came from.'),
  startedAt: z.string(),
  repeat: z.number().int().min(1),
  cases: z.number().int().min(0),
  passed: z.number().int().min(0),
  failed: z.number().int().min(0),
  errored: z.number().int().min(0),
});

const ShownFinding = z.object({
  code: z.enum(FINDING_CODES),
  outcome: Status,
  step: z.number().int().optional(),
  message: z.string(),
});

const CaseSide = z.object({
  status: Status,
  repeats: z.number().int().min(0),
  passedRepeats: z.number().int().min(0),
  cost: z.number().min(0),
  findings: z.array(ShownFinding).describe('The findings that did not pass.'),
  handoffs: z
    .array(z.object({ from: z.string(), to: z.string(), step: z.number().int() }))
    .describe('The handoffs observed in the run shown.'),
});

const CaseChange = z.object({
  id: z.string(),
  title: z.string(),
  file: z.string().optional(),
  change: z.enum(CASE_CHANGES),
  baseline: CaseSide.optional().describe('Absent for a case only the candidate ran (added).'),
  candidate: CaseSide.optional().describe('Absent for a case only the baseline ran (removed).'),
});

const Estimate = z.object({
  value: z.number(),
  low: z.number(),
  high: z.number(),
  count: z.number().int().min(0).optional(),
  of: z.number().int().min(0).optional(),
  effective: z.number().min(0).optional().describe('Effective count of a clustered interval.'),
});

const MetricComparison = z.object({
  metric: z.string().describe('pass_rate, cost, or a finding code (its rate).'),
  better: z.enum(['higher', 'lower']),
  baseline: Estimate,
  candidate: Estimate,
  difference: z
    .object({ value: z.number(), low: z.number(), high: z.number(), se: z.number().min(0) })
    .describe('Candidate minus baseline, with the paired bootstrap interval and standard error.'),
  mcnemar: z.object({
    worse: z.number().int().min(0).describe('Cases that got worse.'),
    better: z.number().int().min(0).describe('Cases that got better.'),
    p: z.number().min(0).max(1).describe('Two-sided exact McNemar p-value.'),
  }),
  mdd: z
    .number()
    .min(0)
    .nullable()
    .describe(
      'Minimum detectable difference (see docs/compare.md), at most 1 for a rate; null when `detection` is not `detectable`.',
    ),
  measured: Count.optional().describe(
    'Paired cases with an opportunity for the metric: the n of its McNemar test and MDD.',
  ),
  detection: z
    .enum(['detectable', 'too_few', 'nothing'])
    .optional()
    .describe(
      '`too_few`: fewer measured cases than the exact McNemar test needs, so no difference can be significant; `nothing`: nothing to measure.',
    ),
  verdict: z.enum(['better', 'worse', 'not_significant']),
});

/** What a gate's `actual` counts, so a reporter can show it in the unit of the metrics table. */
const GATE_UNITS = ['cases', 'rate', 'total', 'p'] as const;

const GateResult = z.object({
  name: z.string(),
  threshold: z.string().describe('As the gate was written: a rate as a fraction.'),
  actual: z.number().nullable(),
  passed: z.boolean(),
  unit: z
    .enum(GATE_UNITS)
    .optional()
    .describe(
      'What `actual` is: cases; a difference of rates (a fraction, shown in percentage points); a difference of totals such as cost; an exact McNemar p-value.',
    ),
  limit: z
    .object({ op: z.enum(['<=', '>=']), value: z.number() })
    .optional()
    .describe('The threshold as data, in the unit of `actual`; absent for a p-value gate.'),
  implied: z
    .literal(true)
    .optional()
    .describe('Added by Baton: gates that say nothing of errored cases get `errored <= 0`.'),
});

/** compare.json: a candidate run against its baseline, case by case and metric by metric. */
export const CompareReportSchema = z.object({
  schemaVersion: z.literal(COMPARE_SCHEMA_VERSION),
  kind: z.literal('baton.compare'),
  baseline: Side,
  candidate: Side,
  settings: z.object({
    seed: z.number().int(),
    resamples: z.number().int().min(1),
    confidence: z.number(),
    alpha: z.number(),
    power: z.number(),
  }),
  summary: z.object({
    paired: z.number().int().min(0).describe('Cases both sides judged (no error on either).'),
    broke: Count.describe('Passed in the baseline, failed in the candidate.'),
    fixed: Count.describe('Failed in the baseline, passed in the candidate.'),
    changed: Count.describe('Same verdict, different findings.'),
    same: Count,
    errored: Count.describe('Errored on either side: no verdict to compare.'),
    added: Count.describe('Only in the candidate.'),
    removed: Count.describe('Only in the baseline.'),
  }),
  passed: z.boolean(),
  gates: z.array(GateResult),
  metrics: z.array(MetricComparison),
  cases: z.array(CaseChange),
});

export type CompareReport = z.output<typeof CompareReportSchema>;
export type CompareSide = z.output<typeof Side>;
export type CaseChange = z.output<typeof CaseChange>;
export type CaseSide = z.output<typeof CaseSide>;
export type MetricComparison = z.output<typeof MetricComparison>;
export type CompareGateResult = z.output<typeof GateResult>;
