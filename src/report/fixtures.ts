import { wilson } from '../metrics/wilson.ts';
/**
 * Realistic RunReport objects for reporter tests: a support desk where `triage` routes customers
 * to `billing`, `refunds`, `tech_support` or a `supervisor`. Summary, metrics and gates are
 * computed from the cases, so every fixture is internally consistent.
 */
import type { Finding, FindingCode } from '../model/finding.ts';
import type { CaseResult, GateResult, ObservedHandoff, Rate, RunReport } from '../model/report.ts';

type Hop = readonly [from: string, to: string, step: number];

interface CaseSpec {
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  /** The first labelled target, `none` when the case expects no handoff. */
  readonly expect: string;
  readonly hops: readonly Hop[];
  readonly findings: readonly Finding[];
  readonly error?: { readonly code: string; readonly message: string };
  readonly passedRepeats?: number;
}

const COSTS: Partial<Record<FindingCode, number>> = {
  'handoff.late': 1,
  'handoff.early': 1,
  'handoff.missed': 3,
  'handoff.wrong_target': 2,
};

const finding = (data: Omit<Finding, 'spanIds' | 'check'>, check = 'handoff-timing'): Finding => ({
  check,
  spanIds: data.step === undefined ? [] : [`span-${data.step}`],
  ...data,
});

export const onTime = (from: string, to: string, step: number): Finding =>
  finding({
    code: 'handoff.on_time',
    outcome: 'pass',
    step,
    expected: { from, to, at: step },
    observed: { from, to, step },
    distance: 0,
    message: `${from} → ${to} at step ${step}, on time`,
  });

export const late = (from: string, to: string, at: number, step: number): Finding =>
  finding({
    code: step > at ? 'handoff.late' : 'handoff.early',
    outcome: 'fail',
    step,
    expected: { from, to, at },
    observed: { from, to, step },
    distance: step - at,
    message: `${from} → ${to} expected at step ${at}, happened at step ${step} (${step > at ? '+' : ''}${step - at})`,
  });

export const missed = (from: string, to: string, window: readonly [number, number]): Finding =>
  finding({
    code: 'handoff.missed',
    outcome: 'fail',
    step: window[1],
    expected: { from, to, window },
    message: `${from} → ${to} expected in steps ${window[0]}–${window[1]}, never happened`,
  });

const caseSpecs = (): CaseSpec[] => [
  spec('refund-over-limit', 'Refund above the agent limit goes to a supervisor', 'refunds', [
    ['triage', 'refunds', 0],
    ['refunds', 'supervisor', 2],
  ]),
  spec('password-reset', 'Password reset stays with triage', 'none', []),
  spec('double-charge', 'Customer charged twice is routed to billing', 'billing', [
    ['triage', 'billing', 0],
  ]),
  spec('chargeback-threat', 'Chargeback threat escalates before the SLA deadline', 'supervisor', [
    ['triage', 'supervisor', 1],
  ]),
  spec('outage-report', 'Outage report goes to tech support', 'tech_support', [
    ['triage', 'tech_support', 1],
  ]),
  spec('vip-cancellation', 'VIP cancellation is handed to a supervisor', 'supervisor', [
    ['triage', 'supervisor', 0],
  ]),
  spec('low-confidence-intent', 'Low classifier confidence asks a supervisor', 'supervisor', [
    ['triage', 'supervisor', 2],
  ]),
  spec('address-change', 'Address change is handled in place', 'none', []),
];

function spec(id: string, title: string, expect: string, hops: readonly Hop[]): CaseSpec {
  const tags = expect === 'none' ? ['no-handoff'] : ['handoff', expect];
  return { id, title, tags, expect, hops, findings: hops.map(([f, t, s]) => onTime(f, t, s)) };
}

function replace(specs: CaseSpec[], id: string, change: Partial<CaseSpec>): CaseSpec[] {
  return specs.map((s) => (s.id === id ? { ...s, ...change } : s));
}

function toCase(s: CaseSpec, index: number, repeat: number): CaseResult {
  const passedRepeats = s.error
    ? 0
    : (s.passedRepeats ?? (s.findings.some((f) => f.outcome === 'fail') ? 0 : repeat));
  const status = s.error ? 'error' : passedRepeats < repeat ? 'fail' : 'pass';
  const handoffs: ObservedHandoff[] = s.hops.map(([from, to, step]) => ({
    from,
    to,
    step,
    spanId: `span-${step}`,
  }));
  return {
    id: s.id,
    title: s.title,
    file: `cases/${s.id}.yaml`,
    tags: s.tags,
    status,
    repeats: repeat,
    passedRepeats,
    findings: s.findings,
    handoffs,
    hops: handoffs.length,
    cost: s.findings.reduce((sum, f) => sum + (COSTS[f.code] ?? 0), 0),
    durationMs: 380 + 47 * index,
    ...(s.error ? { error: s.error } : {}),
  };
}

function count<T>(items: readonly T[], test: (t: T) => boolean): number {
  return items.filter(test).length;
}

function metricsOf(specs: readonly CaseSpec[], cases: readonly CaseResult[], repeat: number) {
  const byCode: Partial<Record<FindingCode, Rate>> = {};
  const codes = new Set(cases.flatMap((c) => c.findings.map((f) => f.code)));
  for (const code of codes) {
    byCode[code] = wilson(
      count(cases, (c) => c.findings.some((f) => f.code === code)),
      cases.length,
    );
  }
  const observed = specs.filter((s) => !s.error);
  const firstTo = (s: CaseSpec) => s.hops[0]?.[1] ?? 'none';
  const labels = [...new Set(observed.flatMap((s) => [s.expect, firstTo(s)]))].sort((a, b) =>
    a === 'none' ? 1 : b === 'none' ? -1 : a.localeCompare(b),
  );
  const counts: Record<string, Record<string, number>> = {};
  for (const s of observed) {
    const row = counts[s.expect] ?? {};
    row[firstTo(s)] = (row[firstTo(s)] ?? 0) + 1;
    counts[s.expect] = row;
  }
  const histogram: Record<string, number> = {};
  for (const c of cases) histogram[c.hops] = (histogram[c.hops] ?? 0) + 1;
  const hops = cases.map((c) => c.hops);
  return {
    byCode,
    confusion: { labels, counts },
    hops: {
      histogram,
      mean: hops.reduce((a, b) => a + b, 0) / Math.max(1, hops.length),
      max: Math.max(0, ...hops),
    },
    passRate: wilson(
      cases.reduce((a, c) => a + c.passedRepeats, 0),
      cases.length * repeat,
    ),
    passAllRepeats: wilson(
      count(cases, (c) => c.status === 'pass'),
      cases.length,
    ),
    cost: cases.reduce((a, c) => a + c.cost, 0),
  };
}

type Metrics = ReturnType<typeof metricsOf>;

function gatesOf(m: Metrics, errored: number, repeat: number): GateResult[] {
  const gate = (name: string, threshold: string, actual: number, passed: boolean) => ({
    name,
    threshold,
    actual,
    passed,
  });
  const missed = m.byCode['handoff.missed']?.count ?? 0;
  const lateHigh = m.byCode['handoff.late']?.high ?? 0;
  return [
    gate('pass_rate', '≥ 0.9', m.passRate.rate, m.passRate.rate >= 0.9),
    ...(repeat > 1
      ? [gate('pass_all_repeats', '≥ 0.8', m.passAllRepeats.rate, m.passAllRepeats.rate >= 0.8)]
      : []),
    gate('count handoff.missed', '≤ 0', missed, missed <= 0),
    gate('rate handoff.late (upper)', '≤ 0.4', lateHigh, lateHigh <= 0.4),
    gate('errored', '≤ 0', errored, errored <= 0),
  ];
}

/** Builds a consistent report from case specs: summary, metrics and gates follow the cases. */
function buildReport(specs: readonly CaseSpec[], repeat = 1): RunReport {
  const cases = specs.map((s, i) => toCase(s, i, repeat));
  const errored = count(cases, (c) => c.status === 'error');
  const metrics = metricsOf(specs, cases, repeat);
  const gates = gatesOf(metrics, errored, repeat);
  const byCode: Partial<Record<FindingCode, number>> = {};
  for (const f of cases.flatMap((c) => c.findings)) byCode[f.code] = (byCode[f.code] ?? 0) + 1;
  return {
    schemaVersion: 1,
    suite: {
      name: 'support-desk',
      file: 'suites/support-desk.yaml',
      adapter: 'module:examples/support-desk/agents.ts',
    },
    startedAt: '2025-03-14T09:26:53.120Z',
    durationMs: cases.reduce((a, c) => a + c.durationMs, 0) * repeat,
    repeat,
    passed: gates.every((g) => g.passed),
    summary: {
      cases: cases.length,
      passed: count(cases, (c) => c.status === 'pass'),
      failed: count(cases, (c) => c.status === 'fail'),
      errored,
      byCode,
    },
    metrics,
    gates,
    cases,
    properties: [],
  };
}

/** Every case hands off on time; all gates pass. */
export const passingRun = (): RunReport => buildReport(caseSpecs());

/** Two late handoffs and one missed escalation; several gates fail. */
export function regressedRun(): RunReport {
  let specs = replace(caseSpecs(), 'refund-over-limit', {
    hops: [
      ['triage', 'refunds', 0],
      ['refunds', 'supervisor', 4],
    ],
    findings: [onTime('triage', 'refunds', 0), late('refunds', 'supervisor', 2, 4)],
  });
  specs = replace(specs, 'outage-report', { findings: [late('triage', 'tech_support', 0, 1)] });
  specs = replace(specs, 'chargeback-threat', {
    hops: [],
    findings: [missed('triage', 'supervisor', [1, 2])],
  });
  return buildReport(specs);
}

/** The adapter timed out on one case: an error, not a failure. */
export const erroredRun = (): RunReport =>
  buildReport(
    replace(caseSpecs(), 'vip-cancellation', {
      hops: [],
      findings: [],
      error: {
        code: 'adapter.timeout',
        message:
          'Failed to run case vip-cancellation: the adapter did not answer within 10000 ms.\nRaise timeout_ms in the suite or check that the adapter resolves.',
      },
    }),
  );

/** Three repeats; one case is flaky (passes 2 of 3, handing off a step early once). */
export const repeatedRun = (): RunReport =>
  buildReport(
    replace(caseSpecs(), 'low-confidence-intent', {
      passedRepeats: 2,
      hops: [['triage', 'supervisor', 1]],
      findings: [late('triage', 'supervisor', 2, 1)],
    }),
    3,
  );

/** Replaces clock-dependent fields so snapshots stay stable when fixtures come from real runs. */
export function maskVolatile(report: RunReport): RunReport {
  return {
    ...report,
    startedAt: '<startedAt>',
    durationMs: 0,
    cases: report.cases.map((c) => ({ ...c, durationMs: 0 })),
  };
}
