import { dirname, join, relative, resolve } from 'node:path';
import type { ComparedRun } from '../compare/compared-case.ts';
import { BatonError } from '../errors.ts';
import type { LoadResult } from '../load/load-result.ts';
import { loadSuiteFile } from '../load/load-suite.ts';
import type { CaseList, StreamedReport } from '../model/report.ts';
import type { ReportFormat, Suite } from '../model/suite.ts';
import { evaluateSuiteInto } from '../public/evaluate.ts';
import type { CaseSink } from '../run/case-sink.ts';
import type { PropertyOverrides } from '../run/run-suite.ts';
import type { SpilledCases } from '../run/spill-cases.ts';
import { caseNotSuiteAdvice } from './case-not-suite.ts';
import { DEFAULT_SUITE, DEFAULT_SUITES, defaultSuite } from './defaults.ts';
import { emitReport } from './emit-report.ts';
import { folderName } from './folder-name.ts';
import { type CliIo, EXIT } from './io.ts';
import { isBatonError, printError, printProblems } from './print-problems.ts';
import { guardProcess, type ProcessGuard } from './process-guard.ts';
import { createProgress } from './progress.ts';
import { reportSpill } from './report-spill.ts';
import { chooseReporters, parseReporters } from './reporters.ts';
import { isPartial, prefetchRunInfo, type RunSelection, runInfo } from './run-info.ts';
import { variantSuite } from './variant-suite.ts';

export { DEFAULT_SUITE, folderName };

export interface RunFlags {
  readonly case?: readonly string[];
  readonly tag?: readonly string[];
  readonly out?: string;
  readonly reporter?: readonly string[];
  readonly repeat?: number;
  readonly concurrency?: number;
  readonly verbose?: boolean;
  readonly color?: boolean;
  readonly seed?: number;
  readonly path?: string;
  readonly property?: string;
  readonly numRuns?: number;
  readonly clock?: number;
  readonly shard?: { readonly index: number; readonly total: number };
  /** A saved report.json to compare this run with. */
  readonly baseline?: string;
  /** A recognition or step rule that matched no span fails the run (exit 2). */
  readonly strict?: boolean;
}

/** Checks the suites exist (or the default one does) and returns the paths to run. */
export function suitesToRun(suitePaths: readonly string[], io: CliIo): readonly string[] {
  if (suitePaths.length > 0) return suitePaths;
  const fallback = defaultSuite(io.cwd);
  if (fallback === undefined) {
    throw new BatonError(
      'usage',
      `Failed to find a suite to run: no suite was given and neither ${DEFAULT_SUITES.join(' nor ')} exists here or in a folder above it in the project. Pass a suite file (baton run suites/my-suite.yaml), or scaffold one with baton init.`,
    );
  }
  return [fallback];
}

/** `baton run [suite...]`: runs each suite, prints and writes its reports; returns the exit code. */
export async function runCommand(
  suitePaths: readonly string[],
  flags: RunFlags,
  io: CliIo,
): Promise<number> {
  const paths = suitesToRun(suitePaths, io);
  const formats = parseReporters(flags.reporter);
  let exit: number = EXIT.ok;
  // The first suite's duration starts with the command (process start and loading included).
  let since = io.startedAt ?? performance.now();
  const codes: number[] = [];
  const guard = guardProcess(io);
  try {
    for (const path of paths) {
      if (guard.stop.stopped) break;
      const one = { ...flags, formats, multiple: paths.length > 1, since };
      const code = await runOneReported(path, one, io, guard);
      since = performance.now();
      codes.push(code);
      exit = Math.max(exit, code);
    }
  } finally {
    guard.dispose();
  }
  // Each suite ends with its own verdict; with several, the last line speaks for them all.
  if (paths.length > 1 && (formats ?? ['console']).includes('console')) {
    const failed = codes.filter((c) => c !== EXIT.ok).length;
    const word = exit === EXIT.ok ? 'PASS' : 'FAIL';
    io.stdout(
      `\n${word}  ${paths.length} suites · ${paths.length - failed} passed · ${failed} failed\n`,
    );
  }
  return exit;
}

type OneFlags = RunFlags & {
  formats: ReportFormat[] | undefined;
  multiple: boolean;
  since: number;
};

function selectionOf(flags: RunFlags): RunSelection {
  return {
    ...(flags.case && { cases: flags.case }),
    ...(flags.tag && { tags: flags.tag }),
    ...(flags.property !== undefined && { property: flags.property }),
    ...(flags.path !== undefined && { path: flags.path }),
    ...(flags.shard && { shard: flags.shard }),
  };
}

/**
 * Runs one suite (as one of its variants, when given) with a progress line, each case result put
 * into `sink` as it finishes.
 */
async function evaluateInto<L extends CaseList>(
  path: string,
  flags: OneFlags,
  io: CliIo,
  guard: ProcessGuard,
  variant: string | undefined,
  loaded: LoadResult<Suite>,
  sink: CaseSink<L>,
) {
  const env = io.env ?? {};
  const progress = createProgress({
    stream: io.progress ?? ({ isTTY: false, write: () => true } as never),
    ci: env.CI !== undefined && env.CI !== '' && env.CI !== 'false',
  });
  try {
    return await evaluateSuiteInto(
      path,
      {
        cwd: io.cwd,
        stop: guard.stop,
        strays: guard.strays,
        ...(flags.case && { caseIds: flags.case }),
        ...(flags.tag && { tags: flags.tag }),
        ...(flags.repeat !== undefined && { repeat: flags.repeat }),
        ...(flags.concurrency !== undefined && { concurrency: flags.concurrency }),
        ...(hasPropertyFlags(flags) && { properties: propertyOverrides(flags) }),
        ...(flags.shard && { shard: flags.shard }),
        ...(flags.strict && { strict: true }),
        // Replaying a counterexample (--path) runs that property alone, not the cases.
        skipCases: flags.path !== undefined,
        ...(variant !== undefined && { variant }),
        loaded,
        onStart: (n) => progress.start(n),
        onCaseDone: (_id, status) => progress.caseDone(status),
      },
      sink,
    );
  } finally {
    progress.stop();
  }
}

/** One suite whose own failure (a module that does not load, a report that cannot be written) is printed, and the next suite still runs. */
async function runOneReported(
  path: string,
  flags: OneFlags,
  io: CliIo,
  guard: ProcessGuard,
): Promise<number> {
  try {
    return await runOne(path, flags, io, guard);
  } catch (error) {
    if (!isBatonError(error)) throw error;
    printError(io, error);
    return EXIT.usage;
  }
}

async function runOne(
  path: string,
  flags: OneFlags,
  io: CliIo,
  guard: ProcessGuard,
): Promise<number> {
  // Read once: to see whether the suite compares variants, then for the run itself.
  const loaded = await caseNotSuiteAdvice(await loadSuiteFile(resolve(io.cwd, path)), io.cwd);
  const variants = variantSuite(loaded);
  if (variants) {
    const suiteFile = resolve(io.cwd, path);
    const dir = reportDir(
      flags,
      variants.name,
      variants.reports.dir,
      suiteFile,
      io.cwd,
      selectionOf(flags),
    );
    const formats = chooseReporters(flags.formats, variants.reports.formats, io.env ?? {});
    const out = {
      formats,
      dir: dir.path,
      color: flags.color !== false && io.color,
      verbose: flags.verbose ?? false,
      ...(flags.baseline !== undefined && { baseline: flags.baseline }),
    };
    // The comparison's statistics load only for a suite that compares variants.
    const { runVariants } = await import('./run-variants.ts');
    const selection = selectionOf(flags);
    prefetchRunInfo(io.cwd);
    return runVariants(
      path,
      variants,
      (v, sink) => evaluateInto(path, flags, io, guard, v, loaded, sink),
      out,
      io,
      (report) => runInfo(selection, io.cwd, report.properties[0]?.seed),
    );
  }
  // Read the baseline first: a wrong path should not cost a whole run.
  const baseline =
    flags.baseline === undefined ? undefined : await readBaseline(flags.baseline, io.cwd);
  prefetchRunInfo(io.cwd);
  // Each finished case goes to a file of its own, read back by the reporters: a run of 100,000
  // cases holds only what its metrics need. Removed when the reports are out (or on exit).
  const spill = await reportSpill();
  try {
    return await reportRun(path, flags, io, guard, loaded, baseline, spill);
  } finally {
    spill.dispose();
  }
}

async function reportRun(
  path: string,
  flags: OneFlags,
  io: CliIo,
  guard: ProcessGuard,
  loaded: LoadResult<Suite>,
  baseline: ComparedRun | undefined,
  spill: SpilledCases,
): Promise<number> {
  const evaluation = await evaluateInto(path, flags, io, guard, undefined, loaded, spill);
  printProblems(io, evaluation.problems);
  if (!evaluation.ok) return EXIT.usage;
  const { suite } = evaluation;
  const { cases, properties, interrupted } = evaluation.report;
  // A shard may hold none of the cases (more shards than cases): its report still counts for
  // baton merge, which needs every shard.
  if (cases.length === 0 && flags.shard) {
    io.stderr(
      `baton: shard ${flags.shard.index}/${flags.shard.total} of ${path} holds none of the cases; its report is written for baton merge.\n`,
    );
  } else if (cases.length === 0 && properties.length === 0 && !interrupted) {
    io.stderr(
      (suite.config.cases?.include.length ?? 0) === 0
        ? `baton: Failed to run ${path}: it lists no cases (only a suite for baton shadow may), so there is nothing to judge. List case files under \`cases: { include: [...] }\`, or run the suite with baton shadow.\n`
        : `baton: no case in ${path} matches the filters given (--case, --tag). Check the ids and tags.\n`,
    );
    return EXIT.usage;
  }
  if (!evaluation.capturedGlobally) {
    io.stderr(
      'baton: another OpenTelemetry provider is registered; only spans made with the tracer Baton passes are captured.\n',
    );
  }
  const selection = selectionOf(flags);
  const report: StreamedReport = {
    ...evaluation.report,
    durationMs: Math.round(performance.now() - flags.since),
    run: await runInfo(selection, io.cwd, evaluation.report.properties[0]?.seed),
  };
  const config = suite.config;
  const formats = chooseReporters(flags.formats, config.reports.formats, io.env ?? {});
  const dir = reportDir(flags, config.name, config.reports.dir, suite.file, io.cwd, selection);
  const exit = await emitReport(
    report,
    {
      formats,
      dir: dir.path,
      ...(dir.note !== undefined && { note: dir.note }),
      color: flags.color !== false && io.color,
      verbose: flags.verbose ?? false,
      unloaded: evaluation.problems.length > 0,
      // Only while the report lists the spill's own results, as they were written.
      ...(report.cases === spill.list() && { caseJson: () => spill.texts() }),
    },
    io,
  );
  if (report.interrupted) return EXIT.noVerdict;
  if (!baseline) return exit;
  io.stdout('\n');
  // The statistics load only for a run that compares itself with a baseline.
  const [
    { compareOptionsOf, compareRuns },
    { comparedCases },
    { emitComparison, partialRunNotes },
  ] = await Promise.all([
    import('../compare/compare-runs.ts'),
    import('../compare/compared-case.ts'),
    import('./compare-output.ts'),
  ]);
  // The comparison pairs the cases by id: it holds what it reads of this run's results.
  const candidate = { ...report, cases: Array.from(report.cases, comparedCases()) };
  for (const note of partialRunNotes([
    { role: 'baseline', file: flags.baseline ?? '', run: baseline },
    { role: 'candidate', file: 'of this run', run: candidate },
  ]))
    io.stderr(note);
  const comparison = compareRuns(baseline, candidate, {
    ...compareOptionsOf(config.compare),
    names: { baseline: 'baseline', candidate: 'this run' },
    files: { baseline: flags.baseline ?? '', candidate: path },
  });
  const out = {
    formats,
    dir: dir.path,
    color: flags.color !== false && io.color,
    verbose: flags.verbose ?? false,
  };
  return Math.max(exit, await emitComparison(comparison, out, io));
}

function hasPropertyFlags(flags: RunFlags): boolean {
  return [flags.seed, flags.path, flags.property, flags.numRuns, flags.clock].some(
    (v) => v !== undefined,
  );
}

function propertyOverrides(flags: RunFlags): PropertyOverrides {
  return {
    ...(flags.seed !== undefined && { seed: flags.seed }),
    ...(flags.path !== undefined && { path: flags.path }),
    ...(flags.property !== undefined && { only: flags.property }),
    ...(flags.numRuns !== undefined && { numRuns: flags.numRuns }),
    ...(flags.clock !== undefined && { clock: flags.clock }),
  };
}

/** `--case a b --tag x` as the user typed it, for messages. */
function filterText(s: RunSelection): string {
  return [
    ...(s.cases ? [`--case ${s.cases.join(',')}`] : []),
    ...(s.tags ? [`--tag ${s.tags.join(',')}`] : []),
    ...(s.property !== undefined ? [`--property ${s.property}`] : []),
    ...(s.path !== undefined ? [`--path ${s.path}`] : []),
    ...(s.shard ? [`--shard ${s.shard.index}/${s.shard.total}`] : []),
  ].join(' ');
}

/**
 * Where a run's reports go. A partial run (filters or a shard) never overwrites the full run's
 * reports: unless --out says where, it writes to `filtered/` (or `shard-2-of-4/`) beside them.
 */
function reportDir(
  flags: OneFlags,
  name: string,
  configured: string | undefined,
  suiteFile: string,
  cwd: string,
  selection: RunSelection,
): { path: string; note?: string } {
  const partial = isPartial(selection);
  if (flags.out) {
    const path = resolve(cwd, flags.multiple ? join(flags.out, folderName(name)) : flags.out);
    return partial
      ? { path, note: `Partial run (${filterText(selection)}): report.json records the filters.` }
      : { path };
  }
  // reports.dir is relative to the suite file, like every path in it; --out and the default to cwd.
  const full =
    configured !== undefined
      ? resolve(dirname(suiteFile), configured)
      : resolve(cwd, 'reports', folderName(name));
  if (!partial) return { path: full };
  const { shard, ...filters } = selection;
  const sub =
    shard && Object.keys(filters).length === 0
      ? `shard-${shard.index}-of-${shard.total}`
      : 'filtered';
  return {
    path: join(full, sub),
    note: `Partial run (${filterText(selection)}): reports go to ${relative(cwd, join(full, sub))}, leaving the full run's reports in ${relative(cwd, full) || '.'} as they were.`,
  };
}

/** The report given with --baseline; its reader loads only for a run that compares. */
async function readBaseline(file: string, cwd: string): Promise<ComparedRun> {
  const { readComparedReport } = await import('./compare-output.ts');
  return readComparedReport(file, cwd, 'baseline');
}
