import type { z } from 'zod';
import { formatPath } from '../model/data-path.ts';
import { RunReportSchema } from '../model/report-schema.ts';
import { checkSame } from './same-run.ts';
import { type CheckedShard, type MergedCase, refuse, type ShardReport } from './shard-report.ts';

export type { CheckedShard, MergedCase, ShardReport } from './shard-report.ts';

const RERUN = 'Pass the report.json files that `baton run --shard i/n` wrote, one per shard.';

/**
 * A report whose fields are not what Baton writes (cut, edited, another tool's) is named: the
 * whole report, or a part of it (`at`, such as `cases[3]`) checked against that part's schema.
 */
export function checkShapeOf(
  file: string,
  value: unknown,
  schema: z.ZodType = RunReportSchema,
  at: readonly (string | number)[] = [],
): void {
  const parsed = schema.safeParse(value);
  if (parsed.success) return;
  const issue = parsed.error.issues[0];
  const path = [...at, ...((issue?.path ?? []) as (string | number)[])];
  const where = path.length > 0 ? `${formatPath(path)}: ` : '';
  throw refuse(
    `${file} does not hold a report as Baton writes it (${where}${issue?.message ?? 'invalid'})`,
    'The file may be cut or edited: re-run that shard.',
  );
}

function checkShape<C extends MergedCase>(s: ShardReport<C>): void {
  if (!s.shapeChecked) checkShapeOf(s.file, s.report);
}

/** One report on its own: a shard report of a Baton that records what merging needs. */
function checkOne<C extends MergedCase>(s: ShardReport<C>): CheckedShard<C> {
  checkShape(s);
  const run = s.report.run;
  if (run?.merged)
    throw refuse(`${s.file} is already a merged report`, `${RERUN} Merge the shard reports.`);
  const variant = s.report.suite.variant;
  if (!run?.shard && variant !== undefined)
    throw refuse(
      `${s.file} is the report of variant ${variant} of a suite with variants:, written by a Baton that records no shard for variants`,
      'Re-run the shards with this version of Baton.',
    );
  if (!run?.shard) throw refuse(`${s.file} is not a shard report (its run has no shard)`, RERUN);
  const older = !s.report.basis || s.report.cases.some((c) => !c.measured);
  if (older) {
    throw refuse(
      `${s.file} was written by Baton ${run.baton}, which does not record what merging needs`,
      'Re-run that shard with this version of Baton.',
    );
  }
  return { ...s, index: run.shard.index, total: run.shard.total };
}

/** No shard twice, no case in two shards. */
function checkDisjoint<C extends MergedCase>(shards: readonly CheckedShard<C>[]): void {
  const byIndex = new Map<number, string>();
  for (const s of shards) {
    const seen = byIndex.get(s.index);
    if (seen !== undefined)
      throw refuse(
        `shard ${s.index}/${s.total} is given twice (${seen} and ${s.file})`,
        'Pass each shard’s report.json once.',
      );
    byIndex.set(s.index, s.file);
  }
  const owner = new Map<string, string>();
  for (const s of shards) {
    for (const c of s.report.cases) {
      // The stand-in for a case file that did not load is not a case of any shard.
      if (c.measured?.unloaded) continue;
      const seen = owner.get(c.id);
      if (seen !== undefined && seen !== s.file)
        throw refuse(
          `case ${c.id} is in both ${seen} and ${s.file}, so they are not slices of one run`,
          RERUN,
        );
      owner.set(c.id, s.file);
    }
  }
}

/** The shard indices of 1..total that no report covers. */
export function missingShards<C extends MergedCase>(shards: readonly CheckedShard<C>[]): number[] {
  const total = shards[0]?.total ?? 0;
  const have = new Set(shards.map((s) => s.index));
  return Array.from({ length: total }, (_, i) => i + 1).filter((i) => !have.has(i));
}

/**
 * Checks that the reports are the shards of one run, and returns them in shard order (so the
 * order they were given in never matters). Throws a BatonError naming the file and the fix.
 */
export function checkShards<C extends MergedCase>(
  reports: readonly ShardReport<C>[],
  options: { readonly allowPartial?: boolean } = {},
): CheckedShard<C>[] {
  if (reports.length === 0) throw refuse('no report was given', RERUN);
  const shards = reports
    .map(checkOne)
    .sort((a, b) => a.index - b.index || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  checkSame(shards);
  checkDisjoint(shards);
  const missing = missingShards(shards);
  if (missing.length > 0 && !options.allowPartial) {
    const total = shards[0]?.total ?? 0;
    const list = missing.map((i) => `${i}/${total}`).join(', ');
    throw refuse(
      `shard${missing.length === 1 ? '' : 's'} ${list} ${missing.length === 1 ? 'is' : 'are'} missing`,
      `Pass ${missing.length === 1 ? 'its' : 'their'} report.json too, or --allow-partial to merge the others (the result is marked partial and does not pass).`,
    );
  }
  checkComplete(shards, missing);
  return shards;
}

/** Every case the run selected is in one of the shards (an interrupted shard lacks some). */
function checkComplete<C extends MergedCase>(
  shards: readonly CheckedShard<C>[],
  missing: readonly number[],
): void {
  const selected = shards[0]?.report.basis?.cases?.count;
  if (selected === undefined || missing.length > 0) return;
  if (shards.some((s) => s.report.interrupted)) return;
  const held = shards.reduce(
    (n, s) => n + s.report.cases.filter((c) => !c.measured?.unloaded).length,
    0,
  );
  if (held !== selected)
    throw refuse(
      `the shards hold ${held} of the ${selected} cases their run selected, so a report was cut or edited`,
      RERUN,
    );
}
