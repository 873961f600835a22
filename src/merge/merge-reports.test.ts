import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseRun } from '../metrics/case-run.ts';
import { computeMetrics } from '../metrics/compute-metrics.ts';
import { runWarnings, summarizeRecognition } from '../metrics/recognition.ts';
import { formatPath } from '../model/data-path.ts';
import type { Finding, FindingCode } from '../model/finding.ts';
import type { Case } from '../model/labelled-case.ts';
import type { CaseResult, MatchCount, RunReport } from '../model/report.ts';
import type { GateConfig, ParsedSuite } from '../model/suite.ts';
import { brokenCaseOutcome } from '../run/broken-case.ts';
import { evaluateGates, runVerdict } from '../run/gates.ts';
import { summarize, toCaseResult } from '../run/summarize.ts';
import { withBasis } from './basis.ts';
import { mergeReports, type ShardReport } from './merge-reports.ts';

const CODES = [
  'handoff.on_time',
  'handoff.missed',
  'handoff.late',
  'handoff.early',
  'handoff.wrong_target',
  'case.error',
] as const satisfies readonly FindingCode[];

const GATES: GateConfig[] = [
  { metric: 'count', code: 'handoff.missed', max: 2 },
  { metric: 'rate', code: 'handoff.late', max: 0.2, bound: 'upper' },
  { metric: 'rate', code: 'handoff.early', max: 0.3, bound: 'point' },
  { metric: 'pass_rate', min: 0.5 },
  { metric: 'pass_all_repeats', min: 0.4 },
  { metric: 'errored', max: 1 },
  { metric: 'cost', max: 4 },
];

// Costs that are not whole numbers: a sum taken in another order would differ in its last bits.
const COSTS: Partial<Record<FindingCode, number>> = {
  'handoff.missed': 0.7,
  'handoff.late': 0.1,
  'handoff.early': 0.3,
  'handoff.wrong_target': 1.9,
};

const RULES: readonly MatchCount[] = [
  { source: 'rule', name: 'name "delegate"', path: ['adapter', 'recognize', 0], spans: 0 },
  { source: 'shape', name: 'Baton', spans: 0 },
  { source: 'steps', name: 'customer_turns', path: ['adapter', 'steps'], spans: 0 },
  // Effect rules and labels carry what their warnings name: a like tool, a case file and line.
  {
    source: 'tool',
    name: 'issue_paymnt',
    path: ['effects', 'tools', 0],
    spans: 0,
    near: 'issue_payment',
  },
  { source: 'label', name: 'refnud', spans: 0, file: 'cases/a.yaml', line: 4, near: 'refund' },
];
const LINES: Record<string, number> = { 'adapter.recognize[0]': 7, 'adapter.steps': 9 };
const lineOf = (path: readonly (string | number)[]) => LINES[formatPath(path)];

const agent = fc.constantFrom('triage', 'billing', 'none');

const finding = fc.record({
  code: fc.constantFrom(...CODES),
  outcome: fc.constantFrom('pass', 'fail', 'error'),
  step: fc.nat(3),
}) as fc.Arbitrary<Pick<Finding, 'code' | 'outcome' | 'step'>>;

const caseRun = (first: boolean): fc.Arbitrary<CaseRun> =>
  fc
    .record({
      status: fc.constantFrom('pass', 'fail', 'error'),
      findings: fc.array(finding, { maxLength: 5 }),
      hops: fc.nat(3),
      opportunities: fc.dictionary(fc.constantFrom(...CODES), fc.nat(3), { maxKeys: 4 }),
      targets: fc.array(fc.record({ expected: agent, observed: agent }), { maxLength: 3 }),
      spans: fc.array(fc.nat(2), { minLength: RULES.length, maxLength: RULES.length }),
      note: fc.option(fc.constantFrom('label past the end', 'trace unreadable')),
    })
    .map((r) => ({
      status: r.status,
      findings: r.findings.map((f) => ({ ...f, check: 'x', spanIds: ['s'], message: f.code })),
      handoffs: Array.from({ length: r.hops }, (_, i) => ({
        from: 'triage',
        to: 'billing',
        step: i,
        spanId: `h${i}`,
      })),
      opportunities: r.opportunities,
      targets: r.targets,
      durationMs: 1,
      ...(first &&
        r.status !== 'error' && {
          recognition: RULES.map((m, i) => ({ ...m, spans: r.spans[i] ?? 0 })),
        }),
      ...(first &&
        r.note !== null && { notes: [{ code: 'window.past_end' as const, message: r.note }] }),
    }));

interface Generated {
  readonly id: string;
  readonly expected: number;
  readonly runs: readonly CaseRun[];
}

const caseOf = (g: Generated): Case =>
  ({
    id: g.id,
    title: g.id,
    source: `${g.id}.yaml`,
    tags: [],
    agents: ['triage', 'billing'],
    persons: [],
    entry: 'triage',
    steps: [],
    labels: {
      handoffs: Array.from({ length: g.expected }, () => ({ from: 'triage', to: 'billing' })),
    },
  }) as unknown as Case;

const run = fc
  .record({
    repeat: fc.integer({ min: 1, max: 3 }),
    count: fc.integer({ min: 0, max: 12 }),
    total: fc.integer({ min: 1, max: 4 }),
    unloaded: fc.nat(2),
    strict: fc.boolean(),
  })
  .chain((p) =>
    fc
      .record({
        cases: fc.array(
          fc.record({
            expected: fc.nat(2),
            runs: fc.tuple(
              caseRun(true),
              ...Array.from({ length: p.repeat - 1 }, () => caseRun(false)),
            ),
          }),
          { minLength: p.count, maxLength: p.count },
        ),
        shardOf: fc.array(fc.integer({ min: 1, max: p.total }), {
          minLength: p.count,
          maxLength: p.count,
        }),
        order: fc.shuffledSubarray(
          Array.from({ length: p.total }, (_, i) => i + 1),
          { minLength: p.total, maxLength: p.total },
        ),
      })
      .map((r) => ({ ...p, ...r })),
  );

const config = {
  gates: GATES,
  costs: COSTS,
  reports: { formats: ['json'] },
} as unknown as ParsedSuite;

/** What one run over every case computes, by the functions runSuite uses. */
function whole(
  cases: readonly Generated[],
  broken: ReturnType<typeof brokenCaseOutcome>[],
  strict: boolean,
) {
  const results = [
    ...cases.map((g) => toCaseResult(caseOf(g), g.runs, COSTS, true)),
    ...broken.map((b) => b.result),
  ];
  const runsByCase = [...cases.map((g) => g.runs), ...broken.map((b) => [b.run])];
  const metrics = computeMetrics(runsByCase, COSTS, []);
  const summary = summarize(results, []);
  const gates = evaluateGates(GATES, metrics, summary);
  const first = cases.map((g) => g.runs[0]);
  const recognition = summarizeRecognition(first, lineOf);
  const judged = cases.filter((g) => g.runs[0]?.status !== 'error');
  const warnings = runWarnings({
    file: 'suite.yaml',
    counts: recognition,
    notes: cases.flatMap((g) => (g.runs[0]?.notes ?? []).map((note) => ({ caseId: g.id, note }))),
    expectedHandoffs: judged.reduce((n, g) => n + g.expected, 0),
    observedHandoffs: judged.reduce((n, g) => n + (g.runs[0]?.handoffs.length ?? 0), 0),
    strict,
    adapterType: 'module', // the shards' `suite.adapter` is `module x`
  });
  const verdict = runVerdict(gates, metrics, summary, broken.length);
  return { results, metrics, summary, gates, recognition, warnings, verdict };
}

function shardReport(
  index: number,
  total: number,
  results: readonly CaseResult[],
  runs: readonly (readonly CaseRun[])[],
  selected: readonly string[],
  p: { repeat: number; strict: boolean },
): ShardReport {
  const metrics = computeMetrics(runs, COSTS, []);
  const summary = summarize(results, []);
  const report: RunReport = {
    schemaVersion: 1,
    suite: { name: 'prop', file: 'suite.yaml', adapter: 'module x' },
    startedAt: new Date(1_700_000_000_000 + index * 1000).toISOString(),
    durationMs: 500,
    repeat: p.repeat,
    passed: false,
    summary,
    metrics,
    gates: evaluateGates(GATES, metrics, summary),
    cases: results,
    properties: [],
    recognition: summarizeRecognition(
      runs.map((r) => r[0]),
      lineOf,
    ),
    run: { baton: '0.1.0', node: 'v20', partial: true, shard: { index, total } },
  };
  const withIt = withBasis(report, {
    suiteHash: 'abc',
    config,
    strict: p.strict,
    selected,
    sharded: true,
    selectedHash: selected.join(','),
  });
  return { file: `shard-${index}.json`, report: JSON.parse(JSON.stringify(withIt)) };
}

describe('mergeReports', () => {
  it('gives the metrics, gates, recognition and warnings of one run over every case, whatever the split and the order', () => {
    fc.assert(
      fc.property(run, (p) => {
        const cases: Generated[] = p.cases.map((c, i) => ({ id: `case-${i}`, ...c }));
        const broken = Array.from({ length: p.unloaded }, (_, i) =>
          brokenCaseOutcome({ file: `cases/broken-${i}.yaml`, problems: ['bad yaml'] }),
        );
        const expected = whole(cases, broken, p.strict);
        const selected = cases.map((c) => c.id);
        const shards = p.order.map((index) => {
          const mine = cases.filter((_, i) => p.shardOf[i] === index);
          const results = mine.map((g) => toCaseResult(caseOf(g), g.runs, COSTS, true));
          const runs = mine.map((g) => g.runs);
          // A case file that does not load is reported once, by the first shard.
          if (index === 1) {
            results.push(...broken.map((b) => b.result));
            runs.push(...broken.map((b) => [b.run]));
          }
          return shardReport(index, p.total, results, runs, selected, p);
        });
        const merged = mergeReports(shards);
        expect(merged.metrics).toEqual(expected.metrics);
        expect(merged.summary).toEqual(expected.summary);
        expect(merged.gates).toEqual(expected.gates);
        expect(merged.recognition ?? []).toEqual(expected.recognition);
        expect(merged.warnings ?? []).toEqual(expected.warnings);
        expect(merged.cases.map((c) => c.id)).toEqual(expected.results.map((c) => c.id));
        const strictErrors = expected.warnings.some((w) => w.severity === 'error');
        expect(merged.passed).toBe(expected.verdict.passed && !strictErrors);
        expect(merged.run?.merged?.shards.map((s) => s.index)).toEqual(
          Array.from({ length: p.total }, (_, i) => i + 1),
        );
      }),
      { numRuns: 300 },
    );
  });
});
