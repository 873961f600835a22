import type { Adapter } from '../adapters/adapter.ts';
import type { Capture } from '../capture/capture.ts';
import { bindCheck, type EnabledCheck, enabledChecks } from '../checks/registry.ts';
import { PROPERTY_NAMES, type PropertyResult } from '../contracts/properties/property-result.ts';
import type { Contract } from '../contracts/types.ts';
import { BatonError } from '../errors.ts';
import { collectGarbage, LARGE_RUN } from '../io/collect-garbage.ts';
import { closestMatch } from '../load/suggest.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import { computeMetrics } from '../metrics/compute-metrics.ts';
import { effectRulesOf } from '../metrics/effect-rules.ts';
import { type LineOf, RecognitionTally, runWarnings } from '../metrics/recognition.ts';
import type { Case } from '../model/labelled-case.ts';
import {
  type CaseList,
  type CaseNote,
  REPORT_SCHEMA_VERSION,
  type RecognitionCount,
  type RunReport,
  type RunWarning,
  type UnhandledError,
} from '../model/report.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { Redaction } from '../redact/redaction.ts';
import { type BrokenCase, brokenCaseOutcome } from './broken-case.ts';
import { caseErrorRun } from './case-error.ts';
import { type CaseSink, memorySink } from './case-sink.ts';
import { evaluateGates, runVerdict, strictReason, suiteGates } from './gates.ts';
import { type KeptCase, KeptShapes, keptCase } from './lean-run.ts';
import { type CaseSource, PackedCases } from './packed-cases.ts';
import { mapPool } from './pool.ts';
import { runCaseOnce } from './run-case.ts';
import type { StopControl } from './stop-control.ts';
import type { StrayErrors } from './stray-errors.ts';
import { summarize, toCaseResult } from './summarize.ts';
import { unreachableFault } from './unreachable-fault.ts';

/** Overrides for the property run, from CLI flags: replay one counterexample. */
export interface PropertyOverrides {
  readonly seed?: number;
  readonly path?: string;
  /** Only this property id (`<contract>:<property>`). */
  readonly only?: string;
  readonly numRuns?: number;
  /** The clock the properties measure freshness from (a replay passes the one reported). */
  readonly clock?: number;
}

/** Everything one suite run needs; the CLI and the public API build it from a suite file. */
export interface RunPlan {
  readonly suite: {
    readonly name: string;
    readonly file: string;
    readonly config: ParsedSuite;
    /** The line a path of the suite file is on, for warnings that point at a rule. */
    readonly lineOf?: LineOf;
  };
  /** The cases in report order: an array, or `PackedCases` (each let go once it has run). */
  readonly cases: CaseSource;
  /** Case files that did not load: reported as errored cases, the others still run. */
  readonly brokenCases?: readonly BrokenCase[];
  readonly adapter: Adapter;
  readonly capture: Capture;
  /** Warnings about the suite's setup found before the run (a contract naming no case's agent). */
  readonly setupWarnings?: readonly RunWarning[];
  /** The suite's contracts (YAML edges and modules), already compiled. */
  readonly contracts?: readonly Contract[];
  /** Overrides of the suite's settings (from CLI flags). */
  readonly repeat?: number;
  readonly concurrency?: number;
  readonly properties?: PropertyOverrides;
  /** Told after each case finishes, for progress output. */
  readonly onCaseDone?: (testCase: Case, runs: readonly CaseRun[]) => void;
  readonly now?: () => Date;
  /** A rule or step rule that matched no span fails the run (`baton run --strict`). */
  readonly strict?: boolean;
  /** Set by a signal: no new case run starts, and the report is marked interrupted. */
  readonly stop?: StopControl;
  /** Collects errors that escape the implementation; each one fails the run. */
  readonly strays?: StrayErrors;
  /** Keep in each case what its metrics are computed from, for `baton merge` (shard runs). */
  readonly measure?: boolean;
}

/**
 * Runs every case (with repeats) under bounded concurrency, then the envelope properties, and
 * returns the RunReport. Never throws for a broken case: a case whose adapter throws, rejects or
 * hangs becomes `error`. Every result is held in memory; the CLI spills them (`runSuiteInto`).
 */
export async function runSuite(plan: RunPlan): Promise<RunReport> {
  return runSuiteInto(plan, memorySink());
}

// A case sits at report → cases → case: redacted alone, it is redacted as deep as in the report.
const CASE_DEPTH = 2;

/**
 * `runSuite`, each finished case's result (redacted) put into `sink` at once; the run keeps only
 * what its metrics, summary and warnings are computed from (`KeptCase`).
 */
export async function runSuiteInto<L extends CaseList>(
  plan: RunPlan,
  sink: CaseSink<L>,
): Promise<Omit<RunReport, 'cases'> & { readonly cases: L }> {
  const { config } = plan.suite;
  const repeat = plan.repeat ?? config.repeat;
  const startedAt = (plan.now ?? (() => new Date()))();
  const started = performance.now();
  const options = {
    adapter: plan.adapter,
    capture: plan.capture,
    checks: await checksOf(config, plan.contracts ?? []),
    timeoutMs: config.timeout_ms,
    ...(plan.strays && { strays: plan.strays }),
    toolEffects: [...(config.effects?.tools ?? []), ...(plan.adapter.toolEffects ?? [])],
    effectRules: effectRulesOf(config, plan.adapter.toolEffects),
  };
  // Nothing the implementation put in a payload or an error may carry a secret into a report.
  // A case's tally holds only finding codes and counts: nothing of the implementation's.
  const redaction = new Redaction(config.redact);
  const recognition = new RecognitionTally(plan.suite.lineOf);
  const kept: (KeptCase | undefined)[] = new Array(plan.cases.length);
  // Cases alike keep one tally, summary and lean runs between them.
  const shapes = new KeptShapes();
  // One set for every case, holding the finishing case's tally: redaction is synchronous.
  const trusted = new Set<object>();
  const finish = (c: Case, index: number, runs: readonly CaseRun[]) => {
    const made = toCaseResult(c, runs, config.costs, plan.measure);
    const keptOne = keptCase(made, c.labels.handoffs.length, runs, shapes);
    kept[index] = keptOne;
    recognition.add(runs[0], index);
    // The result carries the tally its like cases share: a sink that keeps part of each result
    // (a variant's comparison keeps the tally) holds a few dozen tallies, not one a case.
    const result =
      made.tally === undefined || made.tally === keptOne.tally
        ? made
        : { ...made, tally: keptOne.tally };
    trusted.clear();
    if (result.tally) trusted.add(result.tally);
    sink.add(index, redaction.shared(result, trusted, CASE_DEPTH));
    if (plan.cases instanceof PackedCases) plan.cases.release(index);
  };
  const stopped = () => plan.stop?.stopped ?? false;
  await plan.adapter.setup?.();
  let properties: PropertyResult[] = [];
  try {
    const concurrency = plan.concurrency ?? config.concurrency;
    await mapPool(
      plan.cases,
      concurrency,
      async (c, index) => {
        const runs: CaseRun[] = [];
        const unreachable = plan.adapter.deliversHandoffs
          ? undefined
          : unreachableFault(c, config.adapter.type);
        if (unreachable) runs.push(caseErrorRun(unreachable, 0));
        else
          for (let r = 0; r < repeat && (r === 0 || !stopped()); r++)
            runs.push(await runCaseOnce(c, r, options));
        plan.onCaseDone?.(c, runs);
        finish(c, index, runs);
      },
      stopped,
    );
    if (!stopped()) properties = await propertiesOf(plan, startedAt.getTime());
  } finally {
    await plan.adapter.teardown?.();
  }
  // An interrupted run reports the cases that ran; those never started are only counted.
  const ran = kept.filter((k): k is KeptCase => k !== undefined);
  const all = [...ran];
  for (const broken of plan.brokenCases ?? []) {
    const { run, result } = brokenCaseOutcome(broken);
    sink.add(
      plan.cases.length + all.length - ran.length,
      redaction.shared(result, undefined, CASE_DEPTH),
    );
    all.push(keptCase(result, 0, [run], shapes));
  }
  const runsByCase = all.map((k) => k.runs);
  const metrics = computeMetrics(
    runsByCase,
    config.costs,
    properties,
    all.map((k) => k.tally),
  );
  // A large run: what the metrics were computed through goes before the reporters start.
  if (plan.cases instanceof PackedCases && all.length >= LARGE_RUN) collectGarbage();
  const summary = summarize(
    all.map((k) => k.summarized),
    properties,
  );
  const gates = evaluateGates(suiteGates(config, properties), metrics, summary);
  const counts = recognition.counts();
  const warnings = [...warningsOf(plan, ran, counts), ...(plan.setupWarnings ?? [])];
  const verdict = runVerdict(gates, metrics, summary, plan.brokenCases?.length ?? 0);
  const strictErrors = warnings.filter((w) => w.severity === 'error').length;
  const reasons = [...verdict.reasons, ...(strictErrors > 0 ? [strictReason(strictErrors)] : [])];
  // Escaped in Baton's process, then those an isolate reported after their case had finished.
  const unhandled = [
    ...unhandledOf(runsByCase, plan.strays),
    ...(plan.adapter.lateErrors?.() ?? []),
  ];
  const interrupted = plan.stop?.reason;
  const report = redaction.shared<Omit<RunReport, 'cases'>>({
    schemaVersion: REPORT_SCHEMA_VERSION,
    suite: { name: config.name, file: plan.suite.file, adapter: plan.adapter.name },
    startedAt: startedAt.toISOString(),
    durationMs: Math.round(performance.now() - started),
    repeat,
    // A run cut short, one whose implementation let errors escape, or (under --strict) one with a
    // rule that matched nothing never passes.
    passed:
      verdict.passed && interrupted === undefined && unhandled.length === 0 && strictErrors === 0,
    summary,
    metrics,
    gates,
    ...(reasons.length > 0 && { reasons }),
    properties,
    ...(counts.length > 0 && { recognition: counts }),
    ...(warnings.length > 0 && { warnings }),
    ...(interrupted !== undefined && {
      interrupted: { signal: interrupted, casesNotRun: plan.cases.length - ran.length },
    }),
    ...(unhandled.length > 0 && { unhandled }),
  });
  return { ...report, cases: sink.list() };
}

/** The warnings the recognition counts and the cases' first runs explain. */
function warningsOf(plan: RunPlan, ran: readonly KeptCase[], counts: RecognitionCount[]) {
  // One pass over the cases' first runs: this reads every case of a large run.
  const notes: { caseId: string; note: CaseNote }[] = [];
  let expectedHandoffs = 0;
  let observedHandoffs = 0;
  for (const k of ran) {
    const first = k.runs[0];
    if (first === undefined) continue;
    if (first.notes) for (const note of first.notes) notes.push({ caseId: k.id, note });
    if (first.status === 'error') continue;
    expectedHandoffs += k.expected;
    observedHandoffs += first.handoffs.length;
  }
  return runWarnings({
    file: plan.suite.file,
    counts,
    notes,
    expectedHandoffs,
    observedHandoffs,
    strict: plan.strict ?? false,
    adapterType: plan.suite.config.adapter.type,
  });
}

/** Every escaped error: those that failed a case run, then those no running case could take. */
function unhandledOf(
  runsByCase: readonly (readonly CaseRun[])[],
  strays: StrayErrors | undefined,
): UnhandledError[] {
  const seen: UnhandledError[] = [];
  for (const runs of runsByCase)
    for (const run of runs) if (run.strays) for (const s of run.strays) seen.push(s);
  for (const late of strays?.takeLate() ?? []) seen.push(late);
  return seen;
}

/**
 * The suite's checks, plus contract conformance when the suite declares contracts (its code and
 * the schema library it reads envelopes with load only then).
 */
async function checksOf(
  config: ParsedSuite,
  contracts: readonly Contract[],
): Promise<EnabledCheck[]> {
  const checks = enabledChecks(config.checks, config.facts ? { facts: config.facts } : {});
  const require = config.contracts?.require ?? false;
  if (contracts.length > 0 || require) {
    const { contractConformance } = await import('../checks/contract-conformance.ts');
    checks.push(bindCheck(contractConformance, { contracts, require }));
  }
  return checks;
}

async function propertiesOf(plan: RunPlan, now: number): Promise<PropertyResult[]> {
  const settings = plan.suite.config.properties;
  if (!settings || !plan.contracts?.length) return [];
  const o = plan.properties ?? {};
  const seed = o.seed ?? settings.seed;
  const only = o.only === undefined ? undefined : propertyId(o.only, plan.contracts);
  // fast-check loads for suites with properties only.
  const { runProperties } = await import('../contracts/properties/run-properties.ts');
  return runProperties(plan.contracts, plan.adapter, {
    numRuns: o.numRuns ?? settings.num_runs,
    now: o.clock ?? now,
    hopCap: settings.hop_cap,
    ...(seed !== undefined && { seed }),
    ...(o.path !== undefined && { path: o.path }),
    ...(only !== undefined && { only }),
  });
}

/**
 * The property `--property` names (`->` read as the ids' `→`), or a usage error naming the
 * nearest id: a filter that selects nothing would run no property and pass.
 */
function propertyId(given: string, contracts: readonly Contract[]): string {
  const wanted = given.replaceAll('->', '→');
  const ids = contracts.flatMap((c) => PROPERTY_NAMES.map((name) => `${c.name}:${name}`));
  if (ids.includes(wanted)) return wanted;
  const near = closestMatch(wanted, ids);
  throw new BatonError(
    'usage',
    `Failed to select --property ${given}: no property has this id (ids are <contract>:<property>, e.g. ${ids[0] ?? 'none here'}). ${near === undefined ? 'Run without --property to see them all.' : `Did you mean ${near}?`}`,
  );
}
