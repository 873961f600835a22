import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BatonError } from '../errors.ts';
import type { RunReport } from '../model/report.ts';
import type { ReportFormat } from '../model/suite.ts';
import { renderJson } from '../report/json.ts';
import { renderMarkdown } from '../report/markdown.ts';

const FILES: Partial<Record<ReportFormat, { name: string; render: (r: RunReport) => string }>> = {
  json: { name: 'report.json', render: renderJson },
  md: { name: 'report.md', render: renderMarkdown },
};

/** Writes the file reports a run asked for into `dir`; returns the paths written. */
export async function writeReports(
  report: RunReport,
  formats: readonly ReportFormat[],
  dir: string,
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
      await writeFile(path, render(report));
      return path;
    }),
  );
}
