import { createHash } from 'node:crypto';
import { isAbsolute, relative, resolve } from 'node:path';
import { createCapture } from '../capture/capture.ts';
import { type FileProblem, formatProblem } from '../errors.ts';
import { suiteAdapter } from '../isolation/suite-adapter.ts';
import { contractAgentWarnings, participantNames } from '../load/contract-agents.ts';
import { effectOwnerWarnings } from '../load/effect-owners.ts';
import { loadSourcedContracts } from '../load/load-contracts.ts';
import type { LoadResult } from '../load/load-result.ts';
import { loadSuiteFile } from '../load/load-suite.ts';
import { selectHeldCases } from '../load/select-cases.ts';
import { caseOrders, caseWithBasis, reportBasis } from '../merge/basis.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import type { Case } from '../model/labelled-case.ts';
import type { CaseList, RunReport } from '../model/report.ts';
import { inShard } from '../model/shard.ts';
import type { Suite } from '../model/suite.ts';
import { applyVariant } from '../model/variants.ts';
import type { BrokenCase } from '../run/broken-case.ts';
import { type CaseSink, mappedSink, memorySink } from '../run/case-sink.ts';
import { PackedCases } from '../run/packed-cases.ts';
import { type PropertyOverrides, runSuiteInto } from '../run/run-suite.ts';
import type { StopControl } from '../run/stop-control.ts';
import type { StrayErrors } from '../run/stray-errors.ts';

export interface EvaluateOptions {
  /** The suite file, already read and parsed (the CLI reads it once to see its variants). */
  readonly loaded?: LoadResult<Suite>;
  /** Only these case ids (`*` wildcards allowed). */
  readonly caseIds?: readonly string[];
  /** Only cases with any of these tags. */
  readonly tags?: readonly string[];
  readonly repeat?: number;
  readonly concurrency?: number;
  /** Property-run overrides: replay a counterexample with `seed` and `path`. */
  readonly properties?: PropertyOverrides;
  /** Skip the cases (when only replaying a property). */
  readonly skipCases?: boolean;
  /** Paths in the report are relative to this folder (default: the working directory). */
  readonly cwd?: string;
  /** Run the suite as this variant of its `variants:` (its adapter settings). */
  readonly variant?: string;
  /** A recognition or step rule that matches no span fails the run instead of warning. */
  readonly strict?: boolean;
  /** Stops the run early (the CLI sets it on SIGINT/SIGTERM); the report is marked interrupted. */
  readonly stop?: StopControl;
  /** Collects errors that escape the implementation; each one fails the run. */
  readonly strays?: StrayErrors;
  /** Only the cases whose id hashes to shard `index` of `total` (1-based): one CI job's slice. */
  readonly shard?: { readonly index: number; readonly total: number };
  /** Told how many cases will run, before the first starts (for progress output). */
  readonly onStart?: (cases: number) => void;
  /** Told each case's verdict over its repeats as it finishes. */
  readonly onCaseDone?: (id: string, status: 'pass' | 'fail' | 'error') => void;
}

function caseStatus(runs: readonly { readonly status: 'pass' | 'fail' | 'error' }[]) {
  if (runs.some((r) => r.status === 'fail')) return 'fail';
  return runs.length === 0 || runs.some((r) => r.status === 'error') ? 'error' : 'pass';
}

/**
 * What evaluating a suite file gives: a report (with `problems` naming case files that did not
 * load, which the report counts as errored cases), or only problems when the suite itself is bad.
 */
export type Evaluation<R = RunReport> =
  | {
      readonly ok: true;
      readonly suite: Suite;
      readonly report: R;
      readonly problems: readonly FileProblem[];
      /** False when another OpenTelemetry provider was registered first. */
      readonly capturedGlobally: boolean;
    }
  | { readonly ok: false; readonly problems: readonly FileProblem[] };

/**
 * Loads a suite and its cases, runs them and returns the RunReport. Never throws for bad files
 * or broken cases; the CLI and the vitest integration decide what to exit or throw. Every case
 * result is held in memory (the CLI streams them through a spill file instead).
 */
export async function evaluateSuite(
  suitePath: string,
  options: EvaluateOptions = {},
): Promise<Evaluation> {
  return evaluateSuiteInto(suitePath, options, memorySink());
}

/**
 * `evaluateSuite`, each case result put into `sink` as it finishes and each loaded case let go
 * once its result is built: what `baton run` uses to run 100,000 cases in bounded memory.
 */
export async function evaluateSuiteInto<L extends CaseList>(
  suitePath: string,
  options: EvaluateOptions,
  sink: CaseSink<L>,
): Promise<Evaluation<Omit<RunReport, 'cases'> & { readonly cases: L }>> {
  const started = performance.now();
  const cwd = options.cwd ?? process.cwd();
  const loaded = options.loaded ?? (await loadSuiteFile(resolve(cwd, suitePath)));
  // Problems name the suite as the user typed it, like every other file problem.
  if (!loaded.ok)
    return {
      ok: false,
      problems: loaded.problems.map((p) => ({ ...p, file: shown(p.file, cwd) })),
    };
  // A variant is the suite with that variant's adapter settings, and nothing else changed.
  const suite = options.variant
    ? { ...loaded.value, config: applyVariant(loaded.value.config, options.variant) }
    : loaded.value;
  const prepared = await prepare(suite, options, cwd);
  if (!prepared.ok) return prepared;
  // Only `cases` holds the loaded cases now, packed: each goes once its result is built.
  const { cases, ids, selected, problems, adapter, contracts, setupWarnings } = prepared;
  const capture = createCapture();
  const config = suite.config;
  // A case file that does not load is reported once, by the first shard.
  const broken = options.skipCases || (options.shard?.index ?? 1) !== 1 ? [] : problems;
  const sharded = options.shard !== undefined;
  const orders = sharded ? caseOrders(ids, selected) : [];
  options.onStart?.(cases.length);
  const run = await runSuiteInto(
    {
      suite: {
        name: config.name,
        file: relative(cwd, suite.file),
        config,
        ...(suite.lineOf && { lineOf: suite.lineOf }),
      },
      ...(options.strict !== undefined && { strict: options.strict }),
      // A shard's report keeps what `baton merge` recomputes the whole run's metrics from.
      ...(sharded && { measure: true }),
      cases,
      brokenCases: brokenCases(broken),
      contracts,
      setupWarnings,
      ...(options.properties && { properties: options.properties }),
      // Effects, cassettes and HTTP faults (the suite's or a case's) put msw in front of the
      // adapter; `isolation` runs both in worker threads or child processes.
      adapter,
      capture,
      ...(options.repeat !== undefined && { repeat: options.repeat }),
      ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
      ...(options.stop && { stop: options.stop }),
      ...(options.strays && { strays: options.strays }),
      ...(options.onCaseDone && {
        onCaseDone: (c: Case, runs: readonly CaseRun[]) =>
          options.onCaseDone?.(c.id, caseStatus(runs)),
      }),
    },
    mappedSink(sink, (c, i) => caseWithBasis(c, sharded, orders[i])),
  );
  // The whole evaluation: loading the suite, cases, contracts and implementation included.
  const basis = reportBasis({
    suiteHash: sha256(JSON.stringify(loaded.value.config)),
    config,
    strict: options.strict ?? false,
    selected,
    sharded,
    selectedHash: sha256(selected.join('\n')),
  });
  const report = { ...run, durationMs: Math.round(performance.now() - started), basis };
  return {
    ok: true,
    suite,
    report: options.variant
      ? { ...report, suite: { ...report.suite, variant: options.variant } }
      : report,
    problems,
    capturedGlobally: capture.global,
  };
}

/**
 * The cases to run (the shard's copy), the ids selected, load problems, the contracts and the
 * adapter. Its own frame holds the selection, so nothing of it outlives the call but these.
 */
async function prepare(suite: Suite, options: EvaluateOptions, cwd: string) {
  const selection = await selectHeldCases(suite, {
    ...(options.caseIds && { caseIds: [...options.caseIds] }),
    ...(options.tags && { tags: [...options.tags] }),
  });
  const { problems } = selection;
  const suiteProblems = problems.filter((p) => resolve(cwd, p.file) === suite.file);
  if (suiteProblems.length > 0) return { ok: false as const, problems };
  const contracts = await loadSourcedContracts(suite);
  if (!contracts.ok) return contracts;
  // Read over every selected case (not the shard's): each shard warns alike, and merge keeps one.
  const names = participantNames(selection.cases);
  const strict = options.strict ?? false;
  const setupWarnings = [
    ...contractAgentWarnings(
      contracts.value.map(({ contract, file, path }) => {
        const from = path && suite.lineOf?.([...path, 'from']);
        const to = path && suite.lineOf?.([...path, 'to']);
        const lines = { ...(from !== undefined && { from }), ...(to !== undefined && { to }) };
        return { contract, file: relative(cwd, file), lines };
      }),
      names,
      strict,
    ),
    ...effectOwnerWarnings(suite.config, relative(cwd, suite.file), suite.lineOf, names, strict),
  ];
  // Isolates get a list of their own (unpacked): the selection's is emptied below.
  const adapter = await suiteAdapter(suite.config, suite.file, selection.cases, suite.lineOf);
  // What `baton merge` checks shard reports against and recomputes their verdict from.
  const selected = selection.cases.map((c) => c.id);
  const shard = options.skipCases ? [] : inShard(selection.cases, options.shard);
  const ids = shard.map((c) => c.id);
  selection.cases.length = 0;
  // Packed until each runs: 100,000 loaded cases as objects would crowd the heap all run long.
  const packed = new PackedCases(shard);
  return {
    ok: true as const,
    cases: packed,
    ids,
    selected,
    problems,
    contracts: contracts.value.map((c) => c.contract),
    setupWarnings,
    adapter,
  };
}

// The suite's fingerprint hashes its settings as read, so layout and comments do not change it.
function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function shown(file: string, cwd: string): string {
  return isAbsolute(file) ? relative(cwd, file) || file : file;
}

/** Case files with problems become errored cases; their problem lines explain why. */
function brokenCases(problems: readonly FileProblem[]): BrokenCase[] {
  // One broken case a file, or a case of a file of many (a YAML stream, JSON lines).
  const byCase = new Map<string, FileProblem[]>();
  for (const p of problems) {
    const key = p.caseAt === undefined ? p.file : `${p.file}:${p.caseAt}`;
    byCase.set(key, [...(byCase.get(key) ?? []), p]);
  }
  return [...byCase.values()].map((list) => ({
    file: list[0]?.file ?? '',
    problems: list.map(formatProblem),
    ...(list[0]?.line !== undefined && { line: list[0].line }),
    ...(list[0]?.caseAt !== undefined && { caseAt: list[0].caseAt }),
  }));
}
