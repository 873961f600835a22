import type { MergeInfo, RunInfo } from '../model/report.ts';
import type { CheckedShard, MergedCase } from './check-shards.ts';

/** When the merged run happened: the shards ran side by side, so their range, not their sum. */
export interface MergedTiming {
  readonly startedAt: string;
  readonly durationMs: number;
  readonly durationSumMs: number;
}

export function mergedTiming(shards: readonly CheckedShard<MergedCase>[]): MergedTiming {
  const starts = shards.map((s) => Date.parse(s.report.startedAt));
  const ends = shards.map((s, i) => (starts[i] ?? 0) + s.report.durationMs);
  const start = Math.min(...starts);
  const valid = Number.isFinite(start);
  return {
    startedAt: valid ? new Date(start).toISOString() : (shards[0]?.report.startedAt ?? ''),
    durationMs: valid ? Math.max(0, Math.max(...ends) - start) : 0,
    durationSumMs: shards.reduce((n, s) => n + s.report.durationMs, 0),
  };
}

/** The run info of the merged report: the first shard's, without its slice, with the merge. */
export function mergedRunInfo(
  shards: readonly CheckedShard<MergedCase>[],
  missing: readonly number[],
  timing: MergedTiming,
): RunInfo {
  const run = shards[0]?.report.run ?? { baton: 'unknown', node: 'unknown', partial: false };
  const { shard: _slice, merged: _none, ...info } = run;
  const merged: MergeInfo = {
    total: shards[0]?.total ?? 0,
    shards: shards.map((s) => ({
      index: s.index,
      file: s.file,
      startedAt: s.report.startedAt,
      durationMs: s.report.durationMs,
    })),
    ...(missing.length > 0 && { missing }),
    durationSumMs: timing.durationSumMs,
  };
  return { ...info, partial: info.filters !== undefined || missing.length > 0, merged };
}
