import { join, relative } from 'node:path';
import { compareOptionsOf, compareRuns } from '../compare/compare-runs.ts';
import { BatonError } from '../errors.ts';
import type { RunReport } from '../model/report.ts';
import type { ParsedSuite, ReportFormat } from '../model/suite.ts';
import { comparedVariants } from '../model/variants.ts';
import type { Evaluation } from '../public/evaluate.ts';
import { renderConsole } from '../report/console.ts';
import { emitComparison } from './compare-output.ts';
import { type CliIo, EXIT } from './io.ts';
import { printProblems } from './print-problems.ts';
import { writeReports } from './write-reports.ts';

export interface VariantRunFlags {
  readonly formats: readonly ReportFormat[];
  /** The suite's report folder; each variant writes into a folder of its name below it. */
  readonly dir: string;
  readonly color: boolean;
  readonly verbose: boolean;
  readonly baseline?: string;
}

/**
 * Runs every compared variant of a suite over the same cases, writes each one's reports, then
 * compares each candidate with the baseline. The exit code is the comparison's gates.
 */
export async function runVariants(
  path: string,
  config: ParsedSuite,
  evaluate: (variant: string) => Promise<Evaluation>,
  flags: VariantRunFlags,
  io: CliIo,
): Promise<number> {
  if (flags.baseline !== undefined) {
    throw new BatonError(
      'usage',
      `Failed to run ${path} with --baseline: the suite has variants, which it compares with each other. Drop --baseline, or compare saved reports with baton compare.`,
    );
  }
  const { baseline, candidates } = comparedVariants(config);
  const reports = new Map<string, RunReport>();
  let exit: number = EXIT.ok;
  for (const name of [baseline, ...candidates]) {
    const evaluation = await evaluate(name);
    // Every variant loads the same case files: report their problems once.
    if (reports.size === 0) printProblems(io, evaluation.problems);
    if (!evaluation.ok) return EXIT.usage;
    if (evaluation.problems.length > 0) exit = EXIT.usage;
    reports.set(name, evaluation.report);
    const dir = join(flags.dir, name);
    const written = await writeReports(evaluation.report, flags.formats, dir, { cwd: io.cwd });
    io.stdout(variantLine(name, evaluation.report, written, io, flags));
  }
  io.stdout('\n');
  for (const name of candidates) {
    const comparison = compareRuns(
      reports.get(baseline) as RunReport,
      reports.get(name) as RunReport,
      {
        ...compareOptionsOf(config.compare),
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
  report: RunReport,
  written: readonly string[],
  io: CliIo,
  flags: VariantRunFlags,
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
