import { mkdir, readFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import type { CompareReport } from '../compare/compare-report.ts';
import { type ComparedRun, comparedCases } from '../compare/compared-case.ts';
import { renderCompareConsole } from '../compare/render/console.ts';
import { renderCompareJsonChunks } from '../compare/render/json.ts';
import { renderCompareMarkdown } from '../compare/render/markdown.ts';
import { BatonError } from '../errors.ts';
import { writeFileAtomic } from '../io/atomic-write.ts';
import type { RunReport } from '../model/report.ts';
import type { ReportFormat } from '../model/suite.ts';
import { parseReport } from '../report/json.ts';
import { githubComparisonOutput } from './github-output.ts';
import { type CliIo, EXIT } from './io.ts';
import { readLargeReport, readLargeReportAs } from './report-file.ts';

/** Where and how a comparison is shown and written. */
export interface ComparisonOutput {
  readonly formats: readonly ReportFormat[];
  /** Folder for compare.json and compare.md; nothing is written without one. */
  readonly dir?: string;
  /** File name without extension (default `compare`). */
  readonly stem?: string;
  readonly color: boolean;
  readonly verbose: boolean;
}

/** Prints the comparison, writes its files, and returns the exit code its gates give. */
export async function emitComparison(
  report: CompareReport,
  out: ComparisonOutput,
  io: CliIo,
): Promise<number> {
  if (out.formats.includes('console')) {
    io.stdout(renderCompareConsole(report, { color: out.color, verbose: out.verbose }));
  }
  if (out.formats.includes('github')) await githubComparisonOutput(report, io);
  // compare.json in pieces: a comparison of 100,000 cases is never one string of it.
  const files = [
    ...(out.formats.includes('json') ? [['json', renderCompareJsonChunks] as const] : []),
    ...(out.formats.includes('md') ? [['md', renderCompareMarkdown] as const] : []),
  ];
  if (out.dir !== undefined && files.length > 0) {
    const dir = out.dir;
    await mkdir(dir, { recursive: true }).catch((error: Error) => {
      throw new BatonError(
        'usage',
        `Failed to write the comparison to ${dir}: ${error.message}. Pass --out a folder Baton may create or write into.`,
      );
    });
    const written = await Promise.all(
      files.map(async ([ext, render]) => {
        const path = join(dir, `${out.stem ?? 'compare'}.${ext}`);
        await writeFileAtomic(path, render(report));
        return relative(io.cwd, path);
      }),
    );
    io.stdout(`Comparison: ${written.join(', ')}\n`);
  }
  return report.passed ? EXIT.ok : EXIT.gateFailed;
}

/**
 * A line for each side that is a partial run (filters or a shard): the cases it did not run read
 * as added or removed, and a comparison of them says nothing of those cases.
 */
export function partialRunNotes(
  sides: readonly { readonly role: string; readonly file: string; readonly run: ComparedRun }[],
): string[] {
  return sides.flatMap(({ role, file, run }) => {
    const info = run.run;
    if (!info?.partial) return [];
    const what = [
      ...(info.filters?.cases ? [`--case ${info.filters.cases.join(',')}`] : []),
      ...(info.filters?.tags ? [`--tag ${info.filters.tags.join(',')}`] : []),
      ...(info.shard ? [`--shard ${info.shard.index}/${info.shard.total}`] : []),
    ];
    return [
      `baton: the ${role} report ${file} is of a partial run${what.length > 0 ? ` (${what.join(' ')})` : ''}: the cases it left out read as ${role === 'candidate' ? 'removed' : 'added'}. Compare runs of the same cases (the same filters, or baton merge of every shard).\n`,
    ];
  });
}

/** Reads a saved report.json whole (for a merge); a missing or foreign file is a usage error. */
export async function readRunReport(path: string, cwd: string, role: string): Promise<RunReport> {
  return (
    readLargeReport(resolve(cwd, path), `the ${role} report ${path}`) ?? readWhole(path, cwd, role)
  );
}

/**
 * Reads a saved report.json for a comparison, keeping of each case only what a comparison reads
 * (`ComparedCase`): a large report's cases one at a time, so two runs of 100,000 cases compare
 * without holding either whole. A missing or foreign file is a usage error.
 */
export async function readComparedReport(
  path: string,
  cwd: string,
  role: string,
): Promise<ComparedRun> {
  const comparedCase = comparedCases();
  const large = readLargeReportAs(resolve(cwd, path), `the ${role} report ${path}`, comparedCase);
  if (large) return large;
  const whole = await readWhole(path, cwd, role);
  return { ...whole, cases: whole.cases.map(comparedCase) };
}

async function readWhole(path: string, cwd: string, role: string): Promise<RunReport> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : `it cannot be read (${code})`;
    throw new BatonError(
      'file.not_found',
      `Failed to read the ${role} report ${path}: ${why}. Pass the report.json a baton run wrote (e.g. reports/example/report.json).`,
    );
  }
  return parseReport(text, `the ${role} report ${path}`);
}
