import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { BatonError } from '../errors.ts';
import type { RunReport, StreamedReport } from '../model/report.ts';
import { renderConsole } from '../report/console.ts';
import { parseReport } from '../report/json.ts';
import { githubOutput, githubSourceBase } from './github-output.ts';
import { type CliIo, EXIT } from './io.ts';
import { type OpenedReport, openLargeReport } from './report-file.ts';
import { parseReporters } from './reporters.ts';
import { writeReports } from './write-reports.ts';

export interface ReportFlags {
  readonly against?: string;
  readonly reporter?: readonly string[];
  readonly out?: string;
}

/** The report as one text: a smaller one, or one whose cases the large reader cannot place. */
async function readWhole(file: string, io: CliIo): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(resolve(io.cwd, file), 'utf8');
  } catch (error) {
    throw new BatonError(
      'file.unreadable',
      `Failed to read ${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}. Pass the report.json a baton run wrote.`,
    );
  }
  return parseReport(text, file);
}

/**
 * `baton report <report.json>`: renders a report a run already wrote (by default as
 * report.html beside it); with `--against` another run's report of the same cases, the HTML
 * shows each case's two timelines side by side. Exits as the run did: 0 passed, 1 failed.
 */
export async function reportCommand(file: string, flags: ReportFlags, io: CliIo): Promise<number> {
  // A large report is read a case at a time as each reporter writes it; so is the report it is
  // shown against (the page pairs their cases in the browser: both are written one after the other).
  const opened: OpenedReport[] = [];
  const open = async (path: string) => {
    const large = openLargeReport(resolve(io.cwd, path), path);
    if (large) opened.push(large);
    return large?.report ?? (await readWhole(path, io));
  };
  try {
    const report = await open(file);
    const other = flags.against === undefined ? undefined : await open(flags.against);
    return await render(file, report, other, flags, io);
  } finally {
    for (const o of opened) o.close();
  }
}

async function render(
  file: string,
  report: StreamedReport,
  other: StreamedReport | undefined,
  flags: ReportFlags,
  io: CliIo,
): Promise<number> {
  const formats = parseReporters(flags.reporter) ?? ['html'];
  if (formats.includes('console')) io.stdout(renderConsole(report, { color: io.color }));
  if (formats.includes('github')) await githubOutput(report, io);
  const dir = resolve(io.cwd, flags.out ?? dirname(file));
  const sourceBase = githubSourceBase(io);
  const label = (f: string, r: StreamedReport) => `${r.suite.name} (${f})`;
  const written = await writeReports(report, formats, dir, {
    cwd: io.cwd,
    ...(sourceBase !== undefined && { sourceBase }),
    ...(other &&
      flags.against && {
        label: label(file, report),
        against: { report: other, label: label(flags.against, other) },
      }),
  });
  if (written.length > 0)
    io.stdout(`Reports: ${written.map((w) => relative(io.cwd, w)).join(', ')}\n`);
  return report.passed ? EXIT.ok : EXIT.gateFailed;
}
