import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { BatonError } from '../errors.ts';
import type { RunReport } from '../model/report.ts';
import type { ReportFormat } from '../model/suite.ts';
import { renderHtml } from '../report/html/render-html.ts';
import { renderJson } from '../report/json.ts';
import { renderJunit } from '../report/junit.ts';
import { renderMarkdown } from '../report/markdown.ts';

/** Where the files are written and what links in them point at. */
export interface WriteContext {
  /** The folder report paths are relative to. */
  readonly cwd: string;
  /** Links from the HTML report to case files start with this (default: relative to `dir`). */
  readonly sourceBase?: string;
  /** What the HTML report calls this run beside `against`. */
  readonly label?: string;
  /** Another run's report of the same cases: the HTML shows both timelines side by side. */
  readonly against?: { readonly report: RunReport; readonly label: string };
}

type Render = (report: RunReport, dir: string, context: WriteContext) => string;

const FILES: Partial<Record<ReportFormat, { name: string; render: Render }>> = {
  json: { name: 'report.json', render: renderJson },
  md: { name: 'report.md', render: renderMarkdown },
  junit: { name: 'junit.xml', render: renderJunit },
  html: {
    name: 'report.html',
    render: (report, dir, context) =>
      renderHtml(report, {
        sourceBase: context.sourceBase ?? relativeBase(dir, context.cwd),
        ...(context.label !== undefined && { label: context.label }),
        ...(context.against && { against: context.against }),
      }),
  },
};

/** `../../` from the report folder back to the folder case paths are relative to. */
export function relativeBase(dir: string, cwd: string): string {
  const back = relative(dir, cwd).split(sep).join('/');
  return back === '' ? '' : `${back}/`;
}

/** The file names a set of formats writes (`report.json`, `junit.xml`, …). */
export function reportFileNames(formats: readonly ReportFormat[]): string[] {
  return formats.flatMap((f) => FILES[f]?.name ?? []);
}

/** Writes the file reports a run asked for into `dir`; returns the paths written. */
export async function writeReports(
  report: RunReport,
  formats: readonly ReportFormat[],
  dir: string,
  context: WriteContext = { cwd: process.cwd() },
): Promise<string[]> {
  const wanted = formats.flatMap((f) => FILES[f] ?? []);
  if (wanted.length === 0) return [];
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    const why =
      (error as NodeJS.ErrnoException).code === 'EEXIST' ||
      (error as NodeJS.ErrnoException).code === 'ENOTDIR'
        ? 'a file is in the way'
        : (error as Error).message;
    throw new BatonError(
      'usage',
      `Failed to write reports to ${dir}: ${why}. Pass --out (or reports.dir) a folder Baton may create or write into.`,
    );
  }
  return Promise.all(
    wanted.map(async ({ name, render }) => {
      const path = join(dir, name);
      await writeFile(path, render(report, dir, context));
      return path;
    }),
  );
}
