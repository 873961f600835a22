import type { CaseResult, CompareBasis, ReportBasis, RunReport } from '../model/report.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { comparedVariants } from '../model/variants.ts';

/** What a run records so that `baton merge` can check and recompute it. */
export interface BasisInput {
  /** sha256 (hex) of the suite's settings. */
  readonly suiteHash: string;
  readonly config: ParsedSuite;
  readonly strict: boolean;
  /** The ids of the run's selected cases, in order, before a shard took its slice. */
  readonly selected: readonly string[];
  /** sha256 (hex) of those ids. */
  readonly selectedHash: string;
  /** A shard run: its cases keep `measured`, with their positions; other runs' do not. */
  readonly sharded: boolean;
}

/** The suite settings a verdict is recomputed from, as report.json keeps them. */
export function reportBasis(input: BasisInput): ReportBasis {
  const { config } = input;
  return {
    suite: input.suiteHash,
    cases: { count: input.selected.length, ids: input.selectedHash },
    gates: config.gates,
    costs: config.costs,
    ...(config.properties && { propertyFailures: config.properties.max_failures }),
    formats: config.reports.formats,
    strict: input.strict,
    ...(config.variants && { compare: compareBasis(config) }),
  };
}

function compareBasis(config: ParsedSuite): CompareBasis {
  const c = config.compare;
  return {
    ...comparedVariants(config),
    ...(c && {
      settings: { gates: c.gates, seed: c.seed, resamples: c.resamples, alpha: c.alpha },
    }),
  };
}

/**
 * The report with its basis and, in a shard's report, each case's position among the selected cases: a shard runs a
 * slice of them, and merging shards puts the cases back in the order one run has them.
 */
export function withBasis(report: RunReport, input: BasisInput): RunReport {
  const positions = new Map<string, number[]>();
  input.selected.forEach((id, i) => {
    const list = positions.get(id);
    if (list) list.push(i);
    else positions.set(id, [i]);
  });
  const cases = report.cases.map((c): CaseResult => {
    if (!input.sharded) return withoutMeasure(c);
    if (!c.measured || c.measured.unloaded) return c;
    const order = positions.get(c.id)?.shift();
    return order === undefined ? c : { ...c, measured: { order, ...c.measured } };
  });
  return { ...report, cases, basis: reportBasis(input) };
}

/** A case without what merging needs (a report that is not a shard's keeps its size). */
export function withoutMeasure(c: CaseResult): CaseResult {
  if (c.measured === undefined) return c;
  const { measured: _, ...rest } = c;
  return rest;
}
