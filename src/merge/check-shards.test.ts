import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../metrics/compute-metrics.ts';
import type { CaseResult, RunReport } from '../model/report.ts';
import { checkShards, type ShardReport } from './check-shards.ts';

function caseResult(id: string, order: number): CaseResult {
  return {
    id,
    title: id,
    tags: [],
    status: 'pass',
    repeats: 1,
    passedRepeats: 1,
    findings: [],
    handoffs: [],
    hops: 0,
    cost: 0,
    durationMs: 1,
    measured: {
      order,
      expectedHandoffs: 0,
      runs: [{ status: 'pass', failed: [], passed: {}, opportunities: {}, targets: [], hops: 0 }],
    },
  };
}

function shard(
  index: number,
  ids: readonly string[],
  change: Partial<RunReport> = {},
): ShardReport {
  const report = {
    schemaVersion: 1,
    suite: { name: 'support', file: 'suite.yaml', adapter: 'module' },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 10,
    repeat: 1,
    passed: true,
    summary: { cases: ids.length, passed: ids.length, failed: 0, errored: 0, byCode: {} },
    metrics: computeMetrics([], {}),
    gates: [],
    cases: ids.map((id, i) => caseResult(id, i)),
    properties: [],
    run: { baton: '0.1.0', node: 'v20', partial: true, shard: { index, total: 3 } },
    basis: { suite: 'abc', gates: [], costs: {}, formats: ['json'], strict: false },
    ...change,
  } satisfies RunReport;
  return { file: `shard-${index}/report.json`, report };
}

const refusal = (reports: ShardReport[], options = {}) => {
  try {
    checkShards(reports, options);
  } catch (error) {
    return (error as Error).message;
  }
  return 'merged';
};

describe('checkShards', () => {
  it('puts the shards in order whatever order they were given in', () => {
    const shards = checkShards([shard(3, ['c']), shard(1, ['a']), shard(2, ['b'])]);
    expect(shards.map((s) => s.index)).toEqual([1, 2, 3]);
  });

  it('names the missing shards, and merges the others only when asked', () => {
    const given = [shard(1, ['a']), shard(3, ['c'])];
    expect(refusal(given)).toMatch(
      /shard 2\/3 is missing. Pass its report.json too, or --allow-partial/,
    );
    expect(refusal(given, { allowPartial: true })).toBe('merged');
  });

  it('refuses shards that hold fewer cases than their run selected', () => {
    const basis = (count: number) => ({
      basis: {
        suite: 'abc',
        cases: { count, ids: 'h' },
        gates: [],
        costs: {},
        formats: [],
        strict: false,
      },
    });
    const given = (count: number) => [
      shard(1, ['a'], basis(count)),
      shard(2, ['b'], basis(count)),
      shard(3, ['c'], basis(count)),
    ];
    expect(refusal(given(3))).toBe('merged');
    expect(refusal(given(4))).toMatch(/the shards hold 3 of the 4 cases their run selected/);
  });

  it('refuses the same shard twice and a case in two shards, naming both files', () => {
    expect(refusal([shard(1, ['a']), shard(1, ['b']), shard(2, []), shard(3, [])])).toMatch(
      /shard 1\/3 is given twice \(shard-1\/report.json and shard-1\/report.json\)/,
    );
    expect(refusal([shard(1, ['a']), shard(2, ['a']), shard(3, [])])).toMatch(
      /case a is in both shard-1\/report.json and shard-2\/report.json/,
    );
  });

  it('refuses reports of another suite, settings, version, commit or repeat count', () => {
    const base = [shard(1, ['a']), shard(3, ['c'])];
    const other = (change: Partial<RunReport>) => refusal([...base, shard(2, ['b'], change)]);
    expect(other({ suite: { name: 'other', file: 's', adapter: 'm' } })).toMatch(
      /differ in their suite \(support and other\)\. Merge the shards of one suite at a time/,
    );
    expect(
      other({ basis: { suite: 'def', gates: [], costs: {}, formats: [], strict: false } }),
    ).toMatch(/suite settings \(fingerprint\) \(abc and def\)/);
    expect(other({ repeat: 2 })).toMatch(/--repeat \(1 and 2\)/);
    const run = (baton: string, commit?: string) => ({
      baton,
      node: 'v20',
      partial: true,
      shard: { index: 2, total: 3 },
      ...(commit && { git: { commit, dirty: false } }),
    });
    expect(other({ run: run('0.2.0') })).toMatch(/Baton version \(0\.1\.0 and 0\.2\.0\)/);
    const onCommit = (c: string, index: number, id: string) =>
      shard(index, [id], { run: { ...run('0.1.0', c), shard: { index, total: 3 } } });
    expect(
      refusal([onCommit('aaa', 1, 'a'), onCommit('bbb', 2, 'b'), onCommit('aaa', 3, 'c')]),
    ).toMatch(/differ in their commit \(aaa and bbb\)/);
  });

  it('names a report whose fields are not what Baton writes', () => {
    const cut = shard(1, ['a']);
    const cases = [{ ...cut.report.cases[0], measured: { runs: 'x' } }] as unknown as CaseResult[];
    expect(refusal([{ ...cut, report: { ...cut.report, cases } }])).toMatch(
      /shard-1\/report.json does not hold a report as Baton writes it \(cases\[0\]\.measured\.expectedHandoffs: .*re-run that shard/,
    );
  });

  it('refuses a report that is not a shard report, a merged one, or one without merge data', () => {
    const { shard: _s, ...unsharded } = shard(1, []).report.run!;
    expect(refusal([shard(1, [], { run: unsharded })])).toMatch(
      /shard-1\/report.json is not a shard report .*baton run --shard i\/n/,
    );
    const merged = { ...unsharded, merged: { total: 1, shards: [], durationSumMs: 0 } };
    expect(refusal([shard(1, [], { run: merged })])).toMatch(/is already a merged report/);
    const { basis: _b, ...older } = shard(1, ['a']).report;
    expect(refusal([{ file: 'old.json', report: older }])).toMatch(
      /old.json was written by Baton 0\.1\.0, which does not record what merging needs/,
    );
  });
});
