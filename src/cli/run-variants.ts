import { join, relative } from 'node:path';
import { type CompareOptions, compareOptionsOf, compareRuns } from '../compare/compare-runs.ts';
import { type ComparedCase, type ComparedRun, comparedCases } from '../compare/compared-case.ts';
import { BatonError } from '../errors.ts';
import type { CaseList, RunInfo, StreamedReport } from '../model/report.ts';
import type { ParsedSuite, ReportFormat } from '../model/suite.ts';
import { comparedVariants } from '../model/variants.ts';
import type { Evaluation } from '../public/evaluate.ts';
import { renderConsole } from '../report/console.ts';
import type { CaseSink } from '../run/case-sink.ts';
import { emitComparison } from './compare-output.ts';
import { type CliIo, EXIT } from './io.ts';
import { printProblems } from './print-problems.ts';
import { reportSpill } from './report-spill.ts';
import { type WriteContext, writeReports } from './write-reports.ts';

/** Where variants' reports and comparisons go and how they are shown. */
export interface VariantOutput {
  readonly formats: readonly ReportFormat[];
  /** The suite's report folder; each variant writes into a folder of its name below it. */
  readonly dir: string;
  readonly color: boolean;
  readonly verbose: boolean;
}

export interface VariantRunFlags extends VariantOutput {
  readonly baseline?: string;
}

/**
 * Runs every compared variant of a suite over the same cases, writes each one's reports, then
 * compares each candidate with the baseline. The exit code is the comparison's gates. Each
 * variant's results go through a spill file as a plain run's do (its reports read them back);
 * what the comparison reads of each case is all that is kept of a variant once its reports are
 * written, so comparing two rules over 100,000 cases never holds 200,000 results whole.
 */
export async function runVariants(
  path: string,
  config: ParsedSuite,
  evaluate: (variant: string, sink: CaseSink<CaseList>) => Promise<Evaluation<StreamedReport>>,
  flags: VariantRunFlags,
  io: CliIo,
  info: (report: StreamedReport) => Promise<RunInfo>,
): Promise<number> {
  if (flags.baseline !== undefined) {
    throw new BatonError(
      'usage',
      `Failed to run ${path} with --baseline: the suite has variants, which it compares with each other. Drop --baseline, or compare saved reports with baton compare.`,
    );
  }
  const compared = comparedVariants(config);
  const reports = new Map<string, ComparedRun>();
  const comparedCase = comparedCases();
  let exit: number = EXIT.ok;
  for (const name of [compared.baseline, ...compared.candidates]) {
    const spill = await reportSpill();
    // What the comparison reads of each case, taken as it finishes (not parsed back from the spill).
    const kept: ComparedCase[] = [];
    const sink: CaseSink<CaseList> = {
      add: (index, result) => {
        kept[index] = comparedCase(result);
        spill.add(index, result);
      },
      list: () => spill.list(),
    };
    try {
      const evaluation = await evaluate(name, sink);
      // Every variant loads the same case files: report their problems once.
      if (reports.size === 0) printProblems(io, evaluation.problems);
      if (!evaluation.ok) return EXIT.usage;
      if (evaluation.problems.length > 0) exit = EXIT.usage;
      // Versions, commit and shard, as a run without variants records them (baton merge needs them).
      const report = { ...evaluation.report, run: await info(evaluation.report) };
      const own = report.cases === spill.list();
      await writeVariant(name, report, flags, io, own ? { caseJson: () => spill.texts() } : {});
      // A case never started (an interrupted run) leaves a hole, as the report skips it.
      const cases = own
        ? kept.filter((c) => c !== undefined)
        : Array.from(report.cases, comparedCase);
      reports.set(name, { ...report, cases });
    } finally {
      spill.dispose();
    }
  }
  const options = compareOptionsOf(config.compare);
  return Math.max(exit, await compareVariants(reports, compared, options, path, flags, io));
}

/** Writes one variant's reports into the folder of its name and prints its line. */
export async function writeVariant(
  name: string,
  report: StreamedReport,
  flags: VariantOutput,
  io: CliIo,
  context: Omit<WriteContext, 'cwd'> = {},
): Promise<void> {
  const written = await writeReports(report, flags.formats, join(flags.dir, name), {
    ...context,
    cwd: io.cwd,
  });
  io.stdout(variantLine(name, report, written, io, flags));
}

/** Compares each candidate variant's report with the baseline's; the exit code of the gates. */
export async function compareVariants(
  reports: ReadonlyMap<string, ComparedRun>,
  compared: { readonly baseline: string; readonly candidates: readonly string[] },
  options: CompareOptions,
  path: string,
  flags: VariantOutput,
  io: CliIo,
): Promise<number> {
  const { baseline, candidates } = compared;
  let exit: number = EXIT.ok;
  io.stdout('\n');
  for (const name of candidates) {
    const comparison = compareRuns(
      reports.get(baseline) as ComparedRun,
      reports.get(name) as ComparedRun,
      {
        ...options,
        names: { baseline, candidate: name },
        files: { baseline: path, candidate: path },
      },
    );
    const code = await emitComparison(
      comparison,
      {
        formats: flags.formats,
        dir: flags.dir,
        stem: candidates.length > 1 ? `compare-${name}` : 'compare',
        color: flags.color,
        verbose: flags.verbose,
      },
      io,
    );
    exit = Math.max(exit, code);
  }
  return exit;
}

function variantLine(
  name: string,
  report: StreamedReport,
  written: readonly string[],
  io: CliIo,
  flags: VariantOutput,
): string {
  if (flags.verbose) {
    const full = renderConsole(report, { color: flags.color, verbose: false });
    return `── variant ${name}\n${full}\n`;
  }
  const s = report.summary;
  const gates = `gates ${report.gates.filter((g) => g.passed).length}/${report.gates.length}`;
  const files = written.map((w) => relative(io.cwd, w)).join(', ');
  return `${name}: ${s.cases} cases · ${s.passed} passed · ${s.failed} failed · ${s.errored} errored · ${gates}${files ? `  (${files})` : ''}\n`;
}
