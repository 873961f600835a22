import { resolve } from 'node:path';
import type { ComparedRun } from '../compare/compared-case.ts';
import {
  type MergedCase,
  type MergedShards,
  mergeShards,
  type ShardReport,
} from '../merge/merge-reports.ts';
import { areVariantShards, mergeVariantShardsHeld } from '../merge/merge-variants.ts';
import type { RunReport, StreamedReport } from '../model/report.ts';
import type { ReportFormat } from '../model/suite.ts';
import { terminalText } from '../report/terminal-text.ts';
import { readRunReport } from './compare-output.ts';
import { emitReport } from './emit-report.ts';
import { folderName } from './folder-name.ts';
import { type CliIo, EXIT } from './io.ts';
import { chooseReporters, parseReporters } from './reporters.ts';
import { type HeldCase, ShardFiles } from './shard-files.ts';
import { TakenAsRead } from './taken-as-read.ts';

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
  const options = { allowPartial: flags.allowPartial ?? false };
  const reader = new ShardFiles();
  try {
    const shards: ShardReport<HeldCase>[] = [];
    for (const file of files) shards.push(reader.read(file, io.cwd) ?? (await readWhole(file, io)));
    if (areVariantShards(shards)) return await mergeVariants(shards, reader, formats, flags, io);
    const merged = mergeShards(shards, options);
    return await emitMerged(
      { ...merged, cases: reader.list(merged.cases) },
      () => reader.texts(merged.cases),
      shards,
      formats,
      flags,
      io,
    );
  } finally {
    reader.close();
  }
}

/** A shard report held whole, its cases as they are. */
async function readWhole(file: string, io: CliIo): Promise<ShardReport<HeldCase>> {
  const report = await readRunReport(file, io.cwd, 'shard');
  return { file, report: { ...report, cases: report.cases.map((c) => ({ ...c, result: c })) } };
}

async function emitMerged(
  report: StreamedReport,
  caseJson: () => Iterable<string | Uint8Array>,
  shards: readonly ShardReport<HeldCase>[],
  formats: readonly ReportFormat[] | undefined,
  flags: MergeFlags,
  io: CliIo,
): Promise<number> {
  warnShards(shards, report, io);
  const chosen = chooseReporters(formats, report.basis?.formats ?? ['console'], io.env ?? {});
  const exit = await emitReport(
    report,
    {
      formats: chosen,
      dir: outDir(report, flags, io),
      color: flags.color !== false && io.color,
      verbose: flags.verbose ?? false,
      unloaded: hasUnloaded(shards),
      caseJson,
    },
    io,
  );
  return report.interrupted ? EXIT.noVerdict : exit;
}

/**
 * The shards of a suite with `variants:`: each variant merged and written into the folder of its
 * name, then compared as `baton run` compares them. The exit code is the comparison's gates. Each
 * case is read from its shard's file when a reporter writes it, and of each the comparison keeps
 * only what it reads, as `baton run` does with variants.
 */
async function mergeVariants(
  shards: readonly ShardReport<HeldCase>[],
  reader: ShardFiles,
  formats: readonly ReportFormat[] | undefined,
  flags: MergeFlags,
  io: CliIo,
): Promise<number> {
  const merged = mergeVariantShardsHeld(shards, { allowPartial: flags.allowPartial ?? false });
  // The comparison's statistics load only for the shards of a suite that compares variants.
  const [{ compareVariants, writeVariant }, { comparedCases }] = await Promise.all([
    import('./run-variants.ts'),
    import('../compare/compared-case.ts'),
  ]);
  const [first] = [...merged.reports.values()] as [MergedShards<HeldCase>];
  const out = {
    formats: chooseReporters(formats, first.basis?.formats ?? ['console'], io.env ?? {}),
    dir: outDir(first, flags, io),
    color: flags.color !== false && io.color,
    verbose: flags.verbose ?? false,
  };
  const compared = new Map<string, ComparedRun>();
  const comparedCase = comparedCases();
  for (const [variant, report] of merged.reports) {
    // What the comparison reads of each case is taken as the first reporter reads the cases.
    const cases = new TakenAsRead(reader.list(report.cases), comparedCase);
    warnShards(
      shards.filter((s) => s.report.suite.variant === variant),
      report,
      io,
    );
    await writeVariant(variant, { ...report, cases }, out, io, {
      caseJson: () => reader.texts(report.cases),
    });
    compared.set(variant, { ...report, cases: cases.taken() });
  }
  const { settings } = merged.compare;
  const code = await compareVariants(
    compared,
    merged.compare,
    settings ?? {},
    first.suite.file,
    out,
    io,
  );
  if ([...merged.reports.values()].some((r) => r.interrupted)) return EXIT.noVerdict;
  return Math.max(code, hasUnloaded(shards) ? EXIT.usage : EXIT.ok);
}

/** Interrupted and missing shards, said before the merged report. */
function warnShards(
  shards: readonly ShardReport<MergedCase>[],
  report: Omit<RunReport, 'cases'>,
  io: CliIo,
): void {
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
    const variant = report.suite.variant === undefined ? '' : ` of variant ${report.suite.variant}`;
    io.stderr(
      `baton: shard(s) ${missing.map((i) => `${i}/${total}`).join(', ')}${variant} missing (--allow-partial): their cases are not in the merged report, which does not pass.\n`,
    );
  }
}

// Shard 1 reports the case files that did not load: a run exits 2 for them, so merge does.
function hasUnloaded(shards: readonly ShardReport<MergedCase>[]): boolean {
  return shards.some((s) => s.report.cases.some((c) => c.measured?.unloaded));
}

// Where a run of the suite writes by default (without reports.dir): beside the shards' folders.
function outDir(report: Omit<RunReport, 'cases'>, flags: MergeFlags, io: CliIo): string {
  return resolve(io.cwd, flags.out ?? `reports/${folderName(report.suite.name)}`);
}
