import { resolve } from 'node:path';
import { mergeReports, type ShardReport } from '../merge/merge-reports.ts';
import { terminalText } from '../report/terminal-text.ts';
import { readRunReport } from './compare-output.ts';
import { emitReport } from './emit-report.ts';
import { folderName } from './folder-name.ts';
import { type CliIo, EXIT } from './io.ts';
import { chooseReporters, parseReporters } from './reporters.ts';

export interface MergeFlags {
  readonly out?: string;
  readonly reporter?: readonly string[];
  /** Merge the shards given even when some are missing; the result is partial and fails. */
  readonly allowPartial?: boolean;
  readonly verbose?: boolean;
  readonly color?: boolean;
}

/**
 * `baton merge <report.json...>`: combines the reports of `baton run --shard i/n` into the
 * report one run of every case would write, with its reporters, console verdict and exit code.
 */
export async function mergeCommand(
  files: readonly string[],
  flags: MergeFlags,
  io: CliIo,
): Promise<number> {
  const formats = parseReporters(flags.reporter);
  const shards: ShardReport[] = [];
  for (const file of files)
    shards.push({ file, report: await readRunReport(file, io.cwd, 'shard') });
  const report = mergeReports(shards, { allowPartial: flags.allowPartial ?? false });
  for (const s of shards) {
    const stopped = s.report.interrupted;
    if (!stopped) continue;
    // The file name and the signal are the user's text: no terminal escapes reach the screen.
    io.stderr(
      `baton: ${terminalText(s.file)} is an interrupted shard (${terminalText(stopped.signal)}, ${stopped.casesNotRun} case(s) not run): the merged report is marked interrupted and does not pass. Re-run that shard.\n`,
    );
  }
  const missing = report.run?.merged?.missing ?? [];
  if (missing.length > 0) {
    const total = report.run?.merged?.total ?? 0;
    io.stderr(
      `baton: shard(s) ${missing.map((i) => `${i}/${total}`).join(', ')} missing (--allow-partial): their cases are not in the merged report, which does not pass.\n`,
    );
  }
  const chosen = chooseReporters(formats, report.basis?.formats ?? ['console'], io.env ?? {});
  // Where a run of the suite writes by default (without reports.dir): beside the shards' folders.
  const dir = resolve(io.cwd, flags.out ?? `reports/${folderName(report.suite.name)}`);
  const exit = await emitReport(
    report,
    {
      formats: chosen,
      dir,
      color: flags.color !== false && io.color,
      verbose: flags.verbose ?? false,
      // Shard 1 reports the case files that did not load: a run exits 2 for them, so merge does.
      unloaded: shards.some((s) => s.report.cases.some((c) => c.measured?.unloaded)),
    },
    io,
  );
  return report.interrupted ? EXIT.noVerdict : exit;
}
