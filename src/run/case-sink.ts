import type { CaseList, CaseResult } from '../model/report.ts';

/**
 * Where a run puts each finished case's result, at its place in the report (cases finish in any
 * order under concurrency; the report lists them as the suite does).
 */
export interface CaseSink<L extends CaseList = CaseList> {
  add(index: number, result: CaseResult): void;
  /** The results in report order, once every case that ran has been added. */
  list(): L;
}

/** The results held in memory: what `runSuite` returns to a program. */
export function memorySink(): CaseSink<CaseResult[]> {
  const slots: (CaseResult | undefined)[] = [];
  return {
    add: (index, result) => {
      slots[index] = result;
    },
    // A case never started (an interrupted run) leaves a hole: the report skips it.
    list: () => slots.filter((r): r is CaseResult => r !== undefined),
  };
}

/** `sink` with each result passed through `change` first (its place in the report given). */
export function mappedSink<L extends CaseList>(
  sink: CaseSink<L>,
  change: (result: CaseResult, index: number) => CaseResult,
): CaseSink<L> {
  return {
    add: (index, result) => sink.add(index, change(result, index)),
    list: () => sink.list(),
  };
}
