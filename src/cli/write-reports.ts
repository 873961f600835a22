import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunReport } from '../model/report.ts';
import type { ReportFormat } from '../model/suite.ts';
import { renderJson } from '../report/json.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { writeError, writeFileAtomic } from './atomic-write.ts';

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
    throw writeError(dir, error, `reports to ${dir}`);
  }
  // One after another: a failure names its file, and the files already written stay whole.
  const written: string[] = [];
  for (const { name, render } of wanted) {
    const path = join(dir, name);
    await writeFileAtomic(path, render(report));
    written.push(path);
  }
  return written;
}
