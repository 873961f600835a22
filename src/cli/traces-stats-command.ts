import { writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { BatonError } from '../errors.ts';
import { traceStats } from '../shadow/io/trace-stats.ts';
import { renderStats } from '../shadow/render-stats.ts';
import type { TraceProblem } from '../traces/read-batches.ts';
import { defectLine, shownPath, traceFileDefect } from '../traces/trace-file.ts';
import { type CliIo, EXIT } from './io.ts';
import { leanHeap } from './lean-heap.ts';
import { type StatsFlags, statsRules } from './traces-stats-rules.ts';

export type { StatsFlags } from './traces-stats-rules.ts';

/** Bump when a field of the stats JSON changes meaning or disappears. */
export const STATS_SCHEMA_VERSION = 1;
const MAX_PRINTED_PROBLEMS = 20;

/**
 * `baton traces stats [files...]`: the production metrics of trace files, no labels needed.
 * Exits 0 when every line was read; 2 for a file that cannot be read at all (nothing is
 * counted), and 2 after printing the metrics when some lines or spans could not be read (the
 * metrics leave them out, and a script must not take them for the whole file's).
 */
export async function statsCommand(
  files: readonly string[],
  flags: StatsFlags,
  io: CliIo,
): Promise<number> {
  const rules = await statsRules(files, flags, io);
  if (!rules.ok) return EXIT.usage;
  const paths = rules.value.files;
  const show = (p: string) => shownPath(p, io.cwd);
  // Every file is checked before the first is read: a typo must not wait for a long read.
  let missing = 0;
  for (const p of paths) {
    const defect = await traceFileDefect(p, show(p));
    if (!defect) continue;
    missing++;
    io.stderr(`baton: ${defectLine(show(p), defect)}\n`);
  }
  if (missing > 0) return EXIT.usage;
  leanHeap();
  const stats = await traceStats(paths, rules.value);
  for (const p of stats.problems.slice(0, MAX_PRINTED_PROBLEMS))
    io.stderr(`baton: ${problemLine(p, show)}\n`);
  const problems = stats.unreadable.reduce((n, u) => n + u.count, 0);
  const shown = paths.map(show);
  const json = `${JSON.stringify({ schemaVersion: STATS_SCHEMA_VERSION, kind: 'baton.traces.stats', files: shown, cut: stats.cut, skipped: stats.skipped, problems, metrics: stats.metrics }, null, 2)}\n`;
  if (flags.json === '-') io.stdout(json);
  else {
    io.stdout(renderStats(stats.metrics, shown, { cut: stats.cut, skipped: stats.skipped }));
    if (flags.json !== undefined) {
      const target = resolve(io.cwd, flags.json);
      await writeFile(target, json).catch((error: Error) => {
        throw new BatonError(
          'usage',
          `Failed to write ${flags.json}: ${error.message}. Pass --json a path Baton may write.`,
        );
      });
      io.stdout(`Metrics: ${relative(io.cwd, target)}\n`);
    }
  }
  if (stats.metrics.conversations === 0 && stats.skipped.traces === 0) {
    io.stderr(
      `baton: ${shown.join(', ')}: no span in ${paths.length === 1 ? 'this file' : 'these files'} could be read. Fix: pass OTLP/JSON traces (what a Collector's file exporter writes, one export request a line)\n`,
    );
    return EXIT.usage;
  }
  for (const u of stats.unreadable) io.stderr(`baton: ${skippedLine(show(u.file), u.count)}\n`);
  return problems > 0 ? EXIT.usage : EXIT.ok;
}

function problemLine(p: TraceProblem, show: (file: string) => string): string {
  const where = `${show(p.file)}${p.line === undefined ? '' : `:${p.line}`}`;
  return `${where}: ${p.message}.${p.fix ? ` Fix: ${p.fix}` : ''}`;
}

/** The last word on a file read only in part: how much was skipped, and that it shows. */
export function skippedLine(file: string, count: number): string {
  const what = count === 1 ? '1 line or span' : `${count} lines or spans`;
  return `${file}: ${what} could not be read and ${count === 1 ? 'was' : 'were'} skipped, so the metrics above leave ${count === 1 ? 'it' : 'them'} out. Fix: repair or remove ${count === 1 ? 'it' : 'them'} (named above), or export the file again`;
}
