import { mkdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { writeError, writeFileAtomic } from '../io/atomic-write.ts';
import type { StreamedReport } from '../model/report.ts';
import type { ReportFormat } from '../model/suite.ts';

/** Where the files are written and what links in them point at. */
export interface WriteContext {
  /** The folder report paths are relative to. */
  readonly cwd: string;
  /** Links from the HTML report to case files start with this (default: relative to `dir`). */
  readonly sourceBase?: string;
  /** What the HTML report calls this run beside `against`. */
  readonly label?: string;
  /** Another run's report of the same cases: the HTML shows both timelines side by side. */
  readonly against?: { readonly report: StreamedReport; readonly label: string };
  /**
   * The cases' report.json texts (`caseJsonText`, as bytes, say) in report order, when the
   * cases were spilled in that form: report.json copies them instead of rendering each case.
   */
  readonly caseJson?: () => Iterable<string | Uint8Array>;
}

type Render = (
  report: StreamedReport,
  dir: string,
  context: WriteContext,
) => string | Iterable<string | Uint8Array>;

// Each renderer loads when its format is asked for (the HTML and JUnit ones are large).
const FILES: Partial<Record<ReportFormat, { name: string; load: () => Promise<Render> }>> = {
  json: {
    name: 'report.json',
    // In pieces: a report of many cases is longer than one string may be.
    load: async () => {
      const { renderJsonChunks } = await import('../report/json.ts');
      return (report, _dir, context) => renderJsonChunks(report, context.caseJson?.());
    },
  },
  md: {
    name: 'report.md',
    load: async () => (await import('../report/markdown.ts')).renderMarkdown,
  },
  // In pieces, a thousand cases at a time: the builder's elements of every case at once were
  // most of a large run's memory.
  junit: {
    name: 'junit.xml',
    load: async () => {
      const { renderJunitChunks } = await import('../report/junit.ts');
      return (report) => renderJunitChunks(report);
    },
  },
  html: {
    name: 'report.html',
    load: async () => {
      const { renderHtmlChunks } = await import('../report/html/render-html.ts');
      // In pieces, the cases read one at a time: only the report `against` is held whole.
      return (report, dir, context) =>
        renderHtmlChunks(report, {
          sourceBase: context.sourceBase ?? relativeBase(dir, context.cwd),
          ...(context.label !== undefined && { label: context.label }),
          ...(context.against && { against: context.against }),
        });
    },
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
  report: StreamedReport,
  formats: readonly ReportFormat[],
  dir: string,
  context: WriteContext = { cwd: process.cwd() },
): Promise<string[]> {
  const wanted = formats.flatMap((f) => FILES[f] ?? []);
  if (wanted.length === 0) return [];
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw writeError(dir, error, `reports to ${dir}`);
  }
  // One after another: a failure names its file, and the files already written stay whole.
  const written: string[] = [];
  for (const { name, load } of wanted) {
    const path = join(dir, name);
    const render = await load();
    await writeFileAtomic(path, render(report, dir, context));
    written.push(path);
  }
  return written;
}
