import type { CompareBasis, RunReport } from '../model/report.ts';
import { withoutMeasure } from './basis.ts';
import { type MergedShards, mergeShards } from './merge-reports.ts';
import { type MergedCase, refuse, type ShardReport } from './shard-report.ts';

/** The merged report of each variant of a suite with `variants:`, and how they are compared. */
export interface MergedVariants {
  readonly compare: CompareBasis;
  /** Baseline first, then the candidates, as the suite compares them. */
  readonly reports: ReadonlyMap<string, RunReport>;
}

/** `MergedVariants` with each case as its shard held it (`mergeShards`). */
export interface HeldVariants<C extends MergedCase> {
  readonly compare: CompareBasis;
  readonly reports: ReadonlyMap<string, MergedShards<C>>;
}

const EVERY = 'Pass the report.json of every variant of every shard (e.g. shard-*/*/report.json).';

/** True when the reports are runs of variants (`baton run --shard i/n` of a suite with `variants:`). */
export function areVariantShards(reports: readonly ShardReport<MergedCase>[]): boolean {
  return reports.some((r) => r.report.suite.variant !== undefined);
}

/** The reports of each variant, in the order the suite compares them; refuses an incomplete set. */
function groupByVariant<C extends MergedCase>(
  reports: readonly ShardReport<C>[],
): {
  compare: CompareBasis;
  groups: Map<string, ShardReport<C>[]>;
} {
  const plain = reports.find((r) => r.report.suite.variant === undefined);
  const some = reports.find((r) => r.report.suite.variant !== undefined) as ShardReport<C>;
  if (plain)
    throw refuse(
      `${some.file} is a run of variant ${some.report.suite.variant} and ${plain.file} a run of a suite without variants`,
      'Merge the shards of one suite at a time.',
    );
  const compare = some.report.basis?.compare;
  if (!compare)
    throw refuse(
      `${some.file} was written by Baton ${some.report.run?.baton ?? '(unknown)'}, which does not record which variants its suite compares`,
      'Re-run the shards with this version of Baton.',
    );
  const order = [compare.baseline, ...compare.candidates];
  const groups = new Map<string, ShardReport<C>[]>(order.map((v) => [v, []]));
  for (const r of reports) {
    const variant = r.report.suite.variant as string;
    const group = groups.get(variant);
    if (!group)
      throw refuse(
        `${r.file} is a run of variant ${variant}, which the suite of ${some.file} does not compare (${order.join(', ')})`,
        'Merge the shards of one suite at a time.',
      );
    group.push(r);
  }
  const absent = order.filter((v) => groups.get(v)?.length === 0);
  if (absent.length > 0)
    throw refuse(
      `no report of variant${absent.length === 1 ? '' : 's'} ${absent.join(', ')} was given`,
      EVERY,
    );
  return { compare, groups };
}

/**
 * Merges the shard reports of a suite with `variants:`: each variant's shards into the report one
 * run of that variant writes (as mergeReports does), ready to be compared as the suite compares
 * them. Throws a BatonError when a variant is missing or its shards are not one run's.
 */
export function mergeVariantShards(
  reports: readonly ShardReport[],
  options: { readonly allowPartial?: boolean } = {},
): MergedVariants {
  const merged = mergeVariantShardsHeld(reports, options);
  const whole = new Map<string, RunReport>();
  // As one run's report: what merging needed stays in the shards' reports.
  for (const [variant, r] of merged.reports)
    whole.set(variant, { ...r, cases: r.cases.map(withoutMeasure) });
  return { compare: merged.compare, reports: whole };
}

/**
 * `mergeVariantShards` over shards that hold only what merging reads of each case (as
 * `mergeShards` does): each variant's merged report with its cases as its shards held them.
 */
export function mergeVariantShardsHeld<C extends MergedCase>(
  reports: readonly ShardReport<C>[],
  options: { readonly allowPartial?: boolean } = {},
): HeldVariants<C> {
  const { compare, groups } = groupByVariant(reports);
  const merged = new Map<string, MergedShards<C>>();
  for (const [variant, group] of groups) merged.set(variant, mergeShards(group, options));
  const [first, ...rest] = [...merged.values()];
  for (const other of rest) {
    // Every variant ran the same cases: the same suite, selection and shard count.
    if (
      other.basis?.suite !== first?.basis?.suite ||
      other.basis?.cases?.ids !== first?.basis?.cases?.ids
    )
      throw refuse(
        `the variants' reports come from different suite settings or case selections (${other.suite.variant} and ${first?.suite.variant})`,
        'Run every variant from the same commit with the same filters.',
      );
  }
  return { compare, reports: merged };
}
