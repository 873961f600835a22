import { dirname, resolve } from 'node:path';
import { compareOptionsOf, compareRuns } from '../compare/compare-runs.ts';
import { BatonError } from '../errors.ts';
import { loadCompareConfig } from '../load/load-compare-config.ts';
import type { ReportFormat } from '../model/suite.ts';
import { emitComparison, partialRunNotes, readComparedReport } from './compare-output.ts';
import { type CliIo, EXIT } from './io.ts';
import { printProblems } from './print-problems.ts';
import { chooseReporters } from './reporters.ts';

export interface CompareFlags {
  readonly config?: string;
  readonly out?: string;
  readonly reporter?: readonly string[];
  readonly seed?: number;
  readonly resamples?: number;
  readonly verbose?: boolean;
  readonly color?: boolean;
}

const FORMATS: readonly ReportFormat[] = ['console', 'json', 'md', 'github'];
const DEFAULT_FORMATS: readonly ReportFormat[] = ['console', 'json', 'md'];

/** `baton compare <baseline> <candidate>`: compares two saved reports; returns the exit code. */
export async function compareCommand(
  baselinePath: string,
  candidatePath: string,
  flags: CompareFlags,
  io: CliIo,
): Promise<number> {
  const formats = reporters(flags.reporter, io.env ?? {});
  let config = {};
  if (flags.config !== undefined) {
    const loaded = await loadCompareConfig(resolve(io.cwd, flags.config));
    if (!loaded.ok) {
      printProblems(
        io,
        loaded.problems.map((p) => ({ ...p, file: flags.config ?? p.file })),
      );
      return EXIT.usage;
    }
    config = compareOptionsOf(loaded.value);
  }
  const baseline = await readComparedReport(baselinePath, io.cwd, 'baseline');
  const candidate = await readComparedReport(candidatePath, io.cwd, 'candidate');
  const names = sideNames(baseline.suite, candidate.suite);
  const report = compareRuns(baseline, candidate, {
    ...config,
    ...(flags.seed !== undefined && { seed: flags.seed }),
    ...(flags.resamples !== undefined && { resamples: flags.resamples }),
    names,
    files: { baseline: baselinePath, candidate: candidatePath },
  });
  for (const note of partialRunNotes([
    { role: 'baseline', file: baselinePath, run: baseline },
    { role: 'candidate', file: candidatePath, run: candidate },
  ]))
    io.stderr(note);
  return emitComparison(
    report,
    {
      formats,
      // compare.json and compare.md go beside the candidate's report unless --out says where.
      dir: resolve(io.cwd, flags.out ?? dirname(candidatePath)),
      color: flags.color !== false && io.color,
      verbose: flags.verbose ?? false,
    },
    io,
  );
}

/** Each side's name: its variant, else its suite; `baseline`/`candidate` when they would clash. */
function sideNames(
  a: { name: string; variant?: string },
  b: { name: string; variant?: string },
): { baseline: string; candidate: string } {
  const baseline = a.variant ?? a.name;
  const candidate = b.variant ?? b.name;
  return baseline === candidate
    ? { baseline: 'baseline', candidate: 'candidate' }
    : { baseline, candidate };
}

/**
 * The formats asked for with --reporter (console, json, md, github); default the first three,
 * and github too inside GitHub Actions.
 */
export function reporters(
  given: readonly string[] | undefined,
  env: Readonly<Record<string, string | undefined>> = {},
): ReportFormat[] {
  if (!given) return chooseReporters(undefined, DEFAULT_FORMATS, env);
  const names = given
    .flatMap((g) => g.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(FORMATS as readonly string[]).includes(name)) {
      throw new BatonError(
        'usage',
        `Failed to read --reporter: unknown reporter "${name}". Use any of ${FORMATS.join(', ')} (comma separated).`,
      );
    }
  }
  return names as ReportFormat[];
}
