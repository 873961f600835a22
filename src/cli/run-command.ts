import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { BatonError } from '../errors.ts';
import { REPORT_FORMATS, type ReportFormat } from '../model/suite.ts';
import { evaluateSuite } from '../public/evaluate.ts';
import { renderConsole } from '../report/console.ts';
import type { PropertyOverrides } from '../run/run-suite.ts';
import { type CliIo, EXIT } from './io.ts';
import { printProblems } from './print-problems.ts';
import { writeReports } from './write-reports.ts';

/** The suite `baton run` runs when given none. */
export const DEFAULT_SUITE = 'suites/example.yaml';

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
  readonly strict?: boolean;
}

/** `baton run [suite...]`: runs each suite, prints and writes its reports; returns the exit code. */
export async function runCommand(
  suitePaths: readonly string[],
  flags: RunFlags,
  io: CliIo,
): Promise<number> {
  const paths = suitePaths.length > 0 ? suitePaths : [DEFAULT_SUITE];
  if (suitePaths.length === 0 && !existsSync(resolve(io.cwd, DEFAULT_SUITE))) {
    throw new BatonError(
      'usage',
      `Failed to find a suite to run: no suite was given and ${DEFAULT_SUITE} does not exist here. Pass a suite file: baton run suites/my-suite.yaml`,
    );
  }
  const formats = parseReporters(flags.reporter);
  let exit: number = EXIT.ok;
  for (const path of paths) {
    const code = await runOne(path, { ...flags, formats, multiple: paths.length > 1 }, io);
    exit = Math.max(exit, code);
  }
  return exit;
}

function parseReporters(given: readonly string[] | undefined): ReportFormat[] | undefined {
  if (!given) return undefined;
  const names = given
    .flatMap((g) => g.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(REPORT_FORMATS as readonly string[]).includes(name)) {
      throw new BatonError(
        'usage',
        `Failed to read --reporter: unknown reporter "${name}". Use any of ${REPORT_FORMATS.join(', ')} (comma separated).`,
      );
    }
  }
  return names as ReportFormat[];
}

type OneFlags = RunFlags & { formats: ReportFormat[] | undefined; multiple: boolean };

async function runOne(path: string, flags: OneFlags, io: CliIo): Promise<number> {
  const evaluation = await evaluateSuite(path, {
    cwd: io.cwd,
    ...(flags.case && { caseIds: flags.case }),
    ...(flags.tag && { tags: flags.tag }),
    ...(flags.repeat !== undefined && { repeat: flags.repeat }),
    ...(flags.concurrency !== undefined && { concurrency: flags.concurrency }),
    ...(flags.strict && { strict: true }),
    ...(hasPropertyFlags(flags) && { properties: propertyOverrides(flags) }),
    // Replaying a counterexample (--path) runs that property alone, not the cases.
    skipCases: flags.path !== undefined,
  });
  printProblems(io, evaluation.problems);
  if (!evaluation.ok) return EXIT.usage;
  const { report, suite } = evaluation;
  if (report.cases.length === 0 && report.properties.length === 0) {
    io.stderr(
      `baton: no case in ${path} matches the filters given (--case, --tag). Check the ids and tags.\n`,
    );
    return EXIT.usage;
  }
  if (!evaluation.capturedGlobally) {
    io.stderr(
      'baton: another OpenTelemetry provider is registered; only spans made with the tracer Baton passes are captured.\n',
    );
  }
  const config = suite.config;
  const formats = flags.formats ?? config.reports.formats;
  if (formats.includes('console')) {
    io.stdout(
      renderConsole(report, {
        color: flags.color !== false && io.color,
        verbose: flags.verbose ?? false,
      }),
    );
  }
  const dir = reportDir(flags, config.name, config.reports.dir, io.cwd);
  const written = await writeReports(report, formats, dir);
  if (written.length > 0)
    io.stdout(`Reports: ${written.map((w) => relative(io.cwd, w)).join(', ')}\n`);
  // Under --strict a rule that matched nothing is a setup error, like a broken file.
  if (evaluation.problems.length > 0 || report.warnings?.some((w) => w.severity === 'error')) {
    return EXIT.usage;
  }
  return report.passed ? EXIT.ok : EXIT.gateFailed;
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

function reportDir(
  flags: OneFlags,
  name: string,
  suiteDir: string | undefined,
  cwd: string,
): string {
  if (flags.out) return resolve(cwd, flags.multiple ? join(flags.out, name) : flags.out);
  return resolve(cwd, suiteDir ?? join('reports', name));
}
