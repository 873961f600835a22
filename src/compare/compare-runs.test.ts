import { describe, expect, it } from 'vitest';
import type { Finding } from '../model/finding.ts';
import type { CaseResult, RunReport } from '../model/report.ts';
import { CompareReportSchema } from './compare-report.ts';
import { compareRuns } from './compare-runs.ts';
import { renderCompareConsole } from './render/console.ts';
import { renderCompareMarkdown } from './render/markdown.ts';

const missed = (step: number, message = 'expected refunds → supervisor'): Finding => ({
  check: 'handoff-timing',
  code: 'handoff.missed',
  outcome: 'fail',
  step,
  spanIds: [],
  message,
});

function kase(
  id: string,
  status: CaseResult['status'],
  over: Partial<CaseResult> = {},
): CaseResult {
  const failed = status === 'fail';
  return {
    id,
    title: `case ${id}`,
    tags: [],
    status,
    repeats: 1,
    passedRepeats: status === 'pass' ? 1 : 0,
    findings: failed ? [missed(1)] : [],
    handoffs: [],
    hops: 0,
    cost: failed ? 10 : 0,
    durationMs: 1,
    tally: {
      'handoff.missed': { count: failed ? 1 : 0, of: 1, runs: failed ? 1 : 0 },
      'case.error': { count: status === 'error' ? 1 : 0, of: 1, runs: status === 'error' ? 1 : 0 },
    },
    ...over,
  };
}

function report(name: string, cases: CaseResult[]): RunReport {
  const count = (s: string) => cases.filter((c) => c.status === s).length;
  return {
    schemaVersion: 1,
    suite: { name, file: `suites/${name}.yaml`, adapter: 'module' },
    startedAt: '2026-12-01T00:00:00.000Z',
    durationMs: 1,
    repeat: 1,
    passed: true,
    summary: {
      cases: cases.length,
      passed: count('pass'),
      failed: count('fail'),
      errored: count('error'),
      byCode: {},
    },
    metrics: {
      byCode: {},
      confusion: { labels: [], counts: {} },
      hops: { histogram: {}, mean: 0, max: 0 },
      passRate: { count: 0, of: 0, rate: 0, low: 0, high: 1 },
      passAllRepeats: { count: 0, of: 0, rate: 0, low: 0, high: 1 },
      cost: 0,
    },
    gates: [],
    cases,
    properties: [],
  };
}

const base = report('main', [
  kase('a', 'pass'),
  kase('b', 'fail'),
  kase('c', 'fail'),
  kase('d', 'pass'),
  kase('gone', 'pass'),
]);
const next = report('pr', [
  kase('a', 'fail'),
  kase('b', 'pass'),
  kase('c', 'fail', { findings: [missed(2)] }),
  kase('d', 'error'),
  kase('new', 'pass'),
]);

describe('compareRuns', () => {
  const r = compareRuns(base, next);

  it('says how each case changed: broke, fixed, changed findings, errored, added, removed', () => {
    expect(r.cases.map((c) => [c.id, c.change])).toEqual([
      ['a', 'broke'],
      ['b', 'fixed'],
      ['c', 'changed'],
      ['d', 'errored'],
      ['new', 'added'],
      ['gone', 'removed'],
    ]);
    expect(r.summary).toMatchObject({ paired: 3, broke: 1, fixed: 1, changed: 1, errored: 1 });
  });

  it('is valid against the published compare.json schema', () => {
    expect(CompareReportSchema.safeParse(JSON.parse(JSON.stringify(r))).success).toBe(true);
  });

  it('fails the default gates on a broke case and an errored one', () => {
    expect(r.gates.map((g) => [g.name, g.actual, g.passed])).toEqual([
      ['no new failures', 1, false],
      ['errored (candidate)', 1, false],
    ]);
    expect(r.passed).toBe(false);
  });

  it('judges delta, better and not_worse gates, on the point or the interval', () => {
    const gated = compareRuns(base, next, {
      gates: [
        { gate: 'delta', metric: 'handoff.missed', max: 0, bound: 'point' },
        { gate: 'delta', metric: 'cost', min: -100, max: 100, bound: 'interval' },
        { gate: 'better', metric: 'pass_rate', p: 0.05 },
        { gate: 'not_worse', metric: 'pass_rate', p: 0.05 },
        { gate: 'delta', metric: 'handoff.unneeded', max: 0, bound: 'point' },
      ],
    });
    expect(gated.gates.map((g) => [g.name, g.passed])).toEqual([
      ['delta(handoff.missed)', true],
      ['delta(cost) upper 95%', true],
      ['delta(cost) lower 95%', true],
      ['better(pass_rate)', false],
      ['not_worse(pass_rate)', true],
      ['delta(handoff.unneeded)', true],
    ]);
  });

  it('renders the broke case with its findings, and escapes Markdown in messages', () => {
    const piped = compareRuns(
      base,
      report('pr', [kase('a', 'fail', { findings: [missed(1, 'a | b <x>')] })]),
    );
    const md = renderCompareMarkdown(piped);
    expect(md).toContain('### Cases that broke (1)');
    expect(md).toContain('a \\| b &lt;x&gt;');
    const text = renderCompareConsole(piped, { color: false });
    expect(text).toMatch(
      /✗ BROKE {2}a {2}case a\n {4}pr {2}step 1 {2}handoff\.missed {2}a \| b <x>/,
    );
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^FAIL {2}pr is /);
  });
});
