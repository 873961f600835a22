import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../model/finding.ts';
import type { CaseResult, RunReport } from '../model/report.ts';
import { CompareReportSchema } from './compare-report.ts';
import { compareRuns } from './compare-runs.ts';
import { comparedCase } from './compared-case.ts';
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

  it('takes every repeat passing as the same outcome, however many repeats ran; says the counts when they differ', () => {
    const r5 = report('five', [
      kase('x', 'pass', { repeats: 5, passedRepeats: 5 }),
      kase('y', 'pass', { repeats: 5, passedRepeats: 4 }),
    ]);
    const r3 = report('three', [
      kase('x', 'pass', { repeats: 3, passedRepeats: 3 }),
      kase('y', 'pass', { repeats: 3, passedRepeats: 2 }),
    ]);
    const repeated = compareRuns(r5, r3);
    expect(repeated.cases.map((c) => [c.id, c.change])).toEqual([
      ['x', 'same'],
      ['y', 'changed'],
    ]);
    const text = renderCompareConsole(repeated, { color: false });
    expect(text).toContain('five   passed 4 of 5 repeats');
    expect(text).toContain('three  passed 2 of 3 repeats');
  });

  it('says a case changed when the work went elsewhere, though the findings read alike', () => {
    const to = (receiver: string) => [{ from: 'triage', to: receiver, step: 0, spanId: 's' }];
    const wrong = (receiver: string) =>
      kase('fraud', 'fail', { handoffs: to(receiver), findings: [missed(0)] });
    const r1 = report('current', [
      wrong('billing'),
      kase('update', 'pass', { handoffs: to('billing') }),
    ]);
    const r2 = report('balanced', [
      wrong('tech'),
      kase('update', 'pass', { handoffs: to('tech') }),
    ]);
    const compared = compareRuns(r1, r2);
    expect(compared.cases.map((c) => [c.id, c.change])).toEqual([
      ['fraud', 'changed'],
      ['update', 'changed'],
    ]);
    const text = renderCompareConsole(compared, { color: false });
    expect(text).toContain('current   triage → billing at step 0');
    expect(text).toContain('balanced  triage → tech at step 0');
  });

  it('says how a flaky side fared over its repeats, on a broke case too, and not equal counts', () => {
    const r1 = report('current', [
      kase('upgrade', 'pass', { repeats: 3, passedRepeats: 3 }),
      kase('renewal', 'fail', { repeats: 3, passedRepeats: 0 }),
    ]);
    const r2 = report('balanced', [
      kase('upgrade', 'fail', { repeats: 3, passedRepeats: 2 }),
      kase('renewal', 'fail', { repeats: 3, passedRepeats: 0, findings: [missed(2)] }),
    ]);
    const compared = compareRuns(r1, r2);
    expect(compared.cases.map((c) => [c.id, c.change])).toEqual([
      ['upgrade', 'broke'],
      ['renewal', 'changed'],
    ]);
    const text = renderCompareConsole(compared, { color: false });
    expect(text).toContain('balanced  passed 2 of 3 repeats');
    expect(text).not.toContain('passed 0 of 3 repeats');
    const md = renderCompareMarkdown(compared);
    expect(md).toContain('**upgrade** (passed 2 of 3 repeats)');
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
      // Case d errored in the candidate: no gate above tolerates that by name.
      ['errored (candidate, implied)', false],
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
    expect(text.trimEnd().split('\n').slice(-2)).toEqual([
      'FAIL  1 case broke, 0 fixed · 1 of 2 gates failed: no new failures',
      '      pass rate −100.0 pp: not statistically significant at n = 1 (McNemar p = 1, α = 0.05); no difference can be significant with fewer than 6 cases',
    ]);
  });
});

describe('comparing what a comparison reads of each case (ComparedCase)', () => {
  const finding = fc.record({
    check: fc.constant('handoff-timing'),
    code: fc.constantFrom('handoff.missed', 'handoff.late', 'handoff.on_time', 'case.error'),
    outcome: fc.constantFrom('pass', 'fail', 'error'),
    step: fc.option(fc.nat(4), { nil: undefined }),
    distance: fc.option(fc.integer({ min: -2, max: 2 }), { nil: undefined }),
    spanIds: fc.array(fc.stringMatching(/^[0-9a-f]{16}$/), { maxLength: 2 }),
    message: fc.string({ maxLength: 12 }),
  }) as fc.Arbitrary<Finding>;
  const handoff = fc.record({
    from: fc.constantFrom('triage', 'refunds'),
    to: fc.constantFrom('refunds', 'billing'),
    step: fc.nat(4),
    spanId: fc.stringMatching(/^[0-9a-f]{16}$/),
  });
  const kases = fc.uniqueArray(
    fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'),
      status: fc.constantFrom('pass' as const, 'fail' as const, 'error' as const),
      findings: fc.array(finding, { maxLength: 3 }),
      handoffs: fc.array(handoff, { maxLength: 2 }),
      cost: fc.nat(20),
      file: fc.option(fc.constant('cases/x.yaml'), { nil: undefined }),
    }),
    { selector: (c) => c.id, maxLength: 6 },
  );
  // The candidate's cases: the baseline's, each kept, dropped or changed in one part.
  const tweak = fc.constantFrom('same', 'same', 'distance', 'step', 'message', 'status', 'drop');
  type Kase = { status: CaseResult['status']; findings: Finding[] };
  const tweaked = (c: Kase, how: string): Kase | undefined => {
    const [first, ...rest] = c.findings;
    if (how === 'drop') return undefined;
    if (how === 'status') return { ...c, status: c.status === 'pass' ? 'fail' : 'pass' };
    if (first === undefined || how === 'same') return c;
    const changed =
      how === 'distance'
        ? { ...first, distance: (first.distance ?? 0) + 1 }
        : how === 'step'
          ? { ...first, step: (first.step ?? 0) + 1 }
          : { ...first, message: `${first.message}!` };
    return { ...c, findings: [changed, ...rest] };
  };

  it('gives the comparison of the whole cases, whatever they hold', () => {
    fc.assert(
      fc.property(
        kases,
        fc.array(tweak, { minLength: 6, maxLength: 6 }),
        kases,
        (xs, tweaks, extra) => {
          const ys = [
            ...xs.flatMap((c, i) => {
              const t = tweaked(c, tweaks[i] as string);
              return t === undefined ? [] : [{ ...c, ...t }];
            }),
            ...extra.map((c) => ({ ...c, id: `new-${c.id}` })),
          ];
          const whole = (
            name: string,
            cs: readonly (Omit<(typeof xs)[number], 'id'> & { id: string })[],
          ) =>
            report(
              name,
              cs.map(({ id, status, findings, handoffs, cost, file }) =>
                kase(id, status, {
                  findings,
                  handoffs,
                  cost,
                  ...(file !== undefined && { file }),
                  // What a comparison does not read: its copies leave it out.
                  steps: [{ kind: 'customer', text: 'hi', line: 3 }],
                }),
              ),
            );
          const a = whole('main', xs);
          const b = whole('pr', ys);
          const slim = (r: RunReport) => ({ ...r, cases: r.cases.map(comparedCase) });
          const options = { resamples: 200 };
          expect(compareRuns(slim(a), slim(b), options)).toEqual(compareRuns(a, b, options));
        },
      ),
      { numRuns: 100 },
    );
  });
});
