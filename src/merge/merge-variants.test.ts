import { describe, expect, it } from 'vitest';
import type { RunReport } from '../model/report.ts';
import { areVariantShards, mergeVariantShards } from './merge-variants.ts';
import type { ShardReport } from './shard-report.ts';

const COMPARE = { baseline: 'current', candidates: ['proposed'] };

/** Just enough of a variant's shard report for the grouping, which refuses before merging. */
function shard(file: string, variant: string | undefined, compare: unknown = COMPARE): ShardReport {
  const report = {
    suite: { name: 's', file: 's.yaml', adapter: 'module', ...(variant && { variant }) },
    basis: { suite: 'x', gates: [], costs: {}, formats: [], strict: false, compare },
    run: { baton: '0.1.0', shard: { index: 1, total: 1 } },
    cases: [],
  };
  return { file, report: report as unknown as RunReport };
}

describe('mergeVariantShards', () => {
  it('tells variant shards from plain ones', () => {
    expect(areVariantShards([shard('a', undefined)])).toBe(false);
    expect(areVariantShards([shard('a', undefined), shard('b', 'current')])).toBe(true);
  });

  it('refuses a variant with no report, naming it', () => {
    expect(() => mergeVariantShards([shard('c.json', 'current')])).toThrow(
      /no report of variant proposed was given\. Pass the report\.json of every variant/,
    );
  });

  it('refuses a variant the suite does not compare', () => {
    expect(() =>
      mergeVariantShards([shard('c.json', 'current'), shard('x.json', 'experimental')]),
    ).toThrow(
      /x\.json is a run of variant experimental, which the suite of c\.json does not compare \(current, proposed\)/,
    );
  });

  it('refuses a mix with a suite without variants, and reports of an older Baton', () => {
    expect(() =>
      mergeVariantShards([shard('c.json', 'current'), shard('p.json', undefined)]),
    ).toThrow(/c\.json is a run of variant current and p\.json a run of a suite without variants/);
    expect(() => mergeVariantShards([shard('c.json', 'current', null)])).toThrow(
      /does not record which variants its suite compares\. Re-run the shards/,
    );
  });
});
