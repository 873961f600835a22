import { relative } from 'node:path';
import { BatonError } from '../errors.ts';
import type { StreamedReport } from '../model/report.ts';
import type { ReportFormat } from '../model/suite.ts';
import { renderConsole, verdictLine } from '../report/console.ts';
import { githubOutput, githubSourceBase } from './github-output.ts';
import { type CliIo, EXIT } from './io.ts';
import { printError } from './print-problems.ts';
import { writeReports } from './write-reports.ts';

/** Where and how a run's report is written and shown. */
export interface ReportOutput {
  readonly formats: readonly ReportFormat[];
  readonly dir: string;
  /** Printed before the `Reports:` line (a partial run's note). */
  readonly note?: string;
  readonly color: boolean;
  readonly verbose: boolean;
  /** Cases whose files did not load: the run exits 2 even when its gates pass. */
  readonly unloaded: boolean;
  /** The cases' report.json texts, when they were spilled in that form (`WriteContext`). */
  readonly caseJson?: () => Iterable<string | Uint8Array>;
}

type Written = { ok: true; paths: string[] } | { ok: false; error: BatonError };

async function writeOrExplain(write: () => Promise<string[]>, dir: string): Promise<Written> {
  try {
    return { ok: true, paths: await write() };
  } catch (error) {
    if (error instanceof BatonError) return { ok: false, error };
    const why = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      error: new BatonError(
        'usage',
        `Failed to write reports to ${dir}: ${why}. Pass --out (or reports.dir) a folder Baton may write into.`,
      ),
    };
  }
}

/** The report as the console must show it when the exit code is not 0 for a reason of its own. */
function failedBy(report: StreamedReport, written: Written): StreamedReport {
  const why = written.ok ? 'a case did not load' : 'the reports could not be written';
  return { ...report, passed: false, reasons: [...(report.reasons ?? []), why] };
}

/**
 * Writes the report files, then prints the console report and GitHub output; returns the exit
 * code the report gives (interruption aside). `baton run` and `baton merge` share it.
 */
export async function emitReport(
  report: StreamedReport,
  out: ReportOutput,
  io: CliIo,
): Promise<number> {
  const sourceBase = githubSourceBase(io);
  // Files first: the console's verdict line is the last word, so it must know everything that
  // decides the exit code, a report that could not be written included.
  const written = await writeOrExplain(
    () =>
      writeReports(report, out.formats, out.dir, {
        cwd: io.cwd,
        ...(sourceBase !== undefined && { sourceBase }),
        ...(out.caseJson && { caseJson: out.caseJson }),
      }),
    out.dir,
  );
  // Under --strict a rule that matched nothing is a setup error, like a broken file.
  const strictError = report.warnings?.some((w) => w.severity === 'error') ?? false;
  const exit =
    out.unloaded || !written.ok || strictError
      ? EXIT.usage
      : report.passed
        ? EXIT.ok
        : EXIT.gateFailed;
  const shown = exit === EXIT.ok || !report.passed ? report : failedBy(report, written);
  if (out.formats.includes('console'))
    io.stdout(renderConsole(shown, { color: out.color, verbose: out.verbose }));
  // Without the console report a run still says its verdict (why it exits 1), in one line.
  else io.stdout(verdictLine(shown, { color: out.color }));
  if (out.formats.includes('github')) await githubOutput(shown, io);
  if (!written.ok) printError(io, written.error);
  else if (written.paths.length > 0) {
    if (out.note) io.stdout(`${out.note}\n`);
    io.stdout(`Reports: ${written.paths.map((w) => relative(io.cwd, w)).join(', ')}\n`);
  }
  return exit;
}
