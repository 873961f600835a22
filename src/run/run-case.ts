import { context } from '@opentelemetry/api';
import type { Adapter, CaseRunOutput } from '../adapters/adapter.ts';
import type { Capture } from '../capture/capture.ts';
import { analyseHandoffs } from '../checks/handoff-analysis.ts';
import { answersComingBack } from '../checks/person-answers.ts';
import { countOpportunities, type EnabledCheck, runChecks } from '../checks/registry.ts';
import { unstatedReasons } from '../checks/unstated-reasons.ts';
import type { CaseRun } from '../metrics/case-run.ts';
import { effectMatches } from '../metrics/effect-matches.ts';
import type { EffectRules } from '../metrics/effect-rules.ts';
import { targetPairs } from '../metrics/targets.ts';
import type { ToolEffectRule } from '../model/effects-config.ts';
import type { Case } from '../model/labelled-case.ts';
import type { MatchCount, ObservedHandoff } from '../model/report.ts';
import {
  BUILT_IN_RECOGNIZERS,
  normalize,
  normalizeCounted,
  shapeName,
} from '../normalize/normalize.ts';
import type { Recognizer } from '../normalize/recognizer.ts';
import { withToolEffects } from '../normalize/tool-effects.ts';
import { caseContext } from './case-context.ts';
import { caseErrorRun, describeRunError } from './case-error.ts';
import { type StrayErrors, StrayErrorsSeen } from './stray-errors.ts';
import { withTimeout } from './with-timeout.ts';

export interface CaseRunOptions {
  readonly adapter: Adapter;
  readonly capture: Capture;
  readonly checks: readonly EnabledCheck[];
  readonly timeoutMs: number;
  readonly recognizers?: readonly Recognizer[];
  /** Tool calls that are effects (the suite's `effects.tools`). */
  readonly toolEffects?: readonly ToolEffectRule[];
  /** The suite's effect rules, counted per case so a rule or label that matches nothing warns. */
  readonly effectRules?: EffectRules;
  /** Where errors that escape the implementation are collected (the CLI listens for them). */
  readonly strays?: StrayErrors;
}

/**
 * Drives the case inside its own async context so errors that escape the implementation are
 * told apart per case; any such error fails the run, even when the adapter itself resolved.
 */
async function watched<T>(
  strays: StrayErrors,
  caseId: string,
  repeat: number,
  drive: () => Promise<T>,
): Promise<T> {
  const { settled, strays: escaped } = await strays.within(caseId, repeat, async () => {
    const settled = await drive().then(
      (value) => ({ ok: true as const, value }),
      (reason: unknown) => ({ ok: false as const, reason }),
    );
    // Node reports an unhandled rejection after the microtasks of the tick that made it.
    await new Promise((done) => setImmediate(done));
    if (!settled.ok) throw settled.reason;
    return settled.value;
  });
  const [first, ...rest] = escaped;
  if (first) throw new StrayErrorsSeen([first, ...rest]);
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

const NO_CLAIMS: ReadonlySet<number> = new Set();

/** Runs one case once: drive the adapter in its own capture scope, then judge the spans. */
export async function runCaseOnce(
  testCase: Case,
  repeat: number,
  o: CaseRunOptions,
): Promise<CaseRun> {
  // Awaited only when there is one: an adapter without it waits for nothing.
  if (o.adapter.reserve) {
    try {
      await o.adapter.reserve();
    } catch (error) {
      return caseErrorRun(describeRunError(error), 0);
    }
  }
  const started = performance.now();
  const scope = o.capture.open(testCase.id, repeat);
  const tracer = o.capture.tracer;
  let extra: CaseRunOutput | undefined;
  const drive = () =>
    withTimeout((abort) => {
      const ctx = caseContext(testCase, tracer, abort, repeat, scope);
      return context.with(scope.context, () => o.adapter.runCase(testCase, ctx));
    }, o.timeoutMs);
  try {
    extra = o.strays ? await watched(o.strays, testCase.id, repeat, drive) : await drive();
  } catch (error) {
    const failed = caseErrorRun(describeRunError(error), performance.now() - started);
    // What happened before the error is what a person debugging it looks at first.
    const partial = normalize(scope.close(), o.recognizers);
    const run = { ...failed, timeline: partial.events };
    return error instanceof StrayErrorsSeen ? { ...run, strays: error.all } : run;
  }
  const spans = scope.close();
  // A loop, not push(...spans): a recorded trace may hold more spans than a call takes arguments.
  if (extra?.spans) for (const span of extra.spans) spans.push(span);
  const recognizers = o.recognizers ?? BUILT_IN_RECOGNIZERS;
  const counted = normalizeCounted(spans, recognizers);
  const timeline = withToolEffects(counted.timeline, o.toolEffects ?? []);
  // A recorded trace shorter than a label's window is judged on the steps it has.
  const labels = extra?.labels ?? testCase.labels;
  const findings = runChecks(o.checks, timeline, labels);
  const { observed, matching } = analyseHandoffs(timeline, labels);
  // The handoffs the agents made: a framework's automatic return of finished work (`autoReturn`)
  // is the answer coming back (the timeline still shows it). Hops are counted as the hops check
  // counts them: no answer coming back (a person's after deciding, finished work) is one.
  const answers = answersComingBack(timeline, observed, NO_CLAIMS, labels.persons);
  const handoffs: ObservedHandoff[] = [];
  for (const h of observed) {
    if (h.autoReturn === true) continue;
    handoffs.push(
      h.reason === undefined
        ? { from: h.from, to: h.to, step: h.step, spanId: h.spanId }
        : { from: h.from, to: h.to, step: h.step, reason: h.reason, spanId: h.spanId },
    );
  }
  const expected = labels.handoffs;
  const opportunities = countOpportunities(o.checks, timeline, labels);
  opportunities['case.error'] = 1;
  // Built field by field: no spread of optional parts, as this runs for every case.
  const run: { -readonly [K in keyof CaseRun]: CaseRun[K] } = {
    status: findings.some((f) => f.outcome === 'fail') ? 'fail' : 'pass',
    findings,
    handoffs,
    hops: observed.filter((h, k) => h.autoReturn !== true && !answers.has(k)).length,
    opportunities,
    targets: targetPairs(matching, expected.length),
    durationMs: performance.now() - started,
    timeline: timeline.events,
  };
  if (extra?.permutationSeed !== undefined) run.permutationSeed = extra.permutationSeed;
  const recognition = extra?.recognition ?? shapeCounts(recognizers, counted.matched);
  const effects = o.effectRules && effectMatches(timeline.events, testCase, o.effectRules);
  run.recognition = effects?.length ? [...recognition, ...effects] : recognition;
  const unstated = o.checks.some((c) => c.name === 'handoff-reason')
    ? unstatedReasons(matching, findings)
    : [];
  const notes = unstated.length > 0 ? [...(extra?.notes ?? []), ...unstated] : extra?.notes;
  if (notes?.length) run.notes = notes;
  if (extra?.steps?.length) run.steps = extra.steps;
  return run;
}

/** What the built-in shapes recognised, for adapters that count nothing themselves. */
function shapeCounts(recognizers: readonly Recognizer[], matched: readonly number[]): MatchCount[] {
  const none = noMatches(recognizers);
  const out: MatchCount[] = [];
  for (let i = 0; i < recognizers.length; i++) {
    const spans = matched[i] ?? 0;
    // Most shapes match nothing in most cases: their count is one shared object.
    out.push(
      spans === 0
        ? (none[i] as MatchCount)
        : { source: 'shape', name: shapeName(recognizers[i] as Recognizer), spans },
    );
  }
  return out;
}

const NO_MATCHES = new WeakMap<readonly Recognizer[], readonly MatchCount[]>();

/** Each recognizer's count of nothing matched, made once for a list of recognizers. */
function noMatches(recognizers: readonly Recognizer[]): readonly MatchCount[] {
  let counts = NO_MATCHES.get(recognizers);
  if (counts === undefined) {
    counts = recognizers.map((r) =>
      Object.freeze({ source: 'shape' as const, name: shapeName(r), spans: 0 }),
    );
    NO_MATCHES.set(recognizers, counts);
  }
  return counts;
}
