import { describe, expect, it } from 'vitest';
import type { RunReport } from '../model/report.ts';
import type { CheckedShard } from './check-shards.ts';
import { mergedRunInfo, mergedTiming } from './merged-run-info.ts';

function shard(index: number, startedAt: string, durationMs: number): CheckedShard {
  const report = {
    startedAt,
    durationMs,
    run: {
      baton: '0.1.0',
      node: 'v20',
      partial: true,
      shard: { index, total: 3 },
      git: { commit: 'abc', dirty: false },
    },
  } as unknown as RunReport;
  return { file: `s${index}.json`, report, index, total: 3 };
}

describe('the merged run info', () => {
  const shards = [
    shard(1, '2026-01-01T00:00:00.000Z', 4000),
    shard(2, '2026-01-01T00:00:01.000Z', 1000),
    shard(3, '2026-01-01T00:00:02.000Z', 5000),
  ];

  it('spans the first start to the last end, and keeps the sum apart', () => {
    expect(mergedTiming(shards)).toEqual({
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 7000,
      durationSumMs: 10000,
    });
  });

  it('is the first shard’s without its slice, with every shard merged', () => {
    const info = mergedRunInfo(shards, [], mergedTiming(shards));
    expect(info.shard).toBeUndefined();
    expect(info.partial).toBe(false);
    expect(info.git).toEqual({ commit: 'abc', dirty: false });
    expect(info.merged?.shards.map((s) => [s.index, s.file, s.durationMs])).toEqual([
      [1, 's1.json', 4000],
      [2, 's2.json', 1000],
      [3, 's3.json', 5000],
    ]);
    const partial = mergedRunInfo(shards.slice(0, 2), [3], mergedTiming(shards.slice(0, 2)));
    expect(partial.partial).toBe(true);
    expect(partial.merged?.missing).toEqual([3]);
  });
});
