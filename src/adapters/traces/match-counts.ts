import type { TraceStepsConfig } from '../../model/adapter-config.ts';
import type { MatchCount } from '../../model/report.ts';
import { BUILT_IN_RECOGNIZERS, shapeName } from '../../normalize/normalize.ts';
import type { CompiledRules } from '../../normalize/recognize-rules.ts';
import type { DerivedSteps } from '../../traces/derive-steps.ts';
import type { LoweredTrace } from '../../traces/lower-spans.ts';

/**
 * What each of the suite's rules (a preset's rules one by one), each built-in span shape and the
 * step rule matched in one case's trace. The step rule is placed at `adapter.steps` only when
 * the case did not choose its own.
 */
export function matchCounts(
  rules: CompiledRules | undefined,
  lowered: LoweredTrace,
  derived: DerivedSteps,
  step: { readonly steps: TraceStepsConfig; readonly fromSuite: boolean },
): MatchCount[] {
  const counts: MatchCount[] = (rules?.origins ?? []).map((o, i) => ({
    source: o.preset === undefined ? 'rule' : 'preset',
    name: o.preset === undefined ? o.label : `${o.preset}: ${o.label}`,
    path: ['adapter', 'recognize', o.index],
    spans: lowered.ruleMatches[i] ?? 0,
  }));
  BUILT_IN_RECOGNIZERS.forEach((r, i) => {
    counts.push({ source: 'shape', name: shapeName(r), spans: lowered.shapeMatches[i] ?? 0 });
  });
  if (derived.recorded) {
    counts.push({ source: 'steps', name: 'recorded Baton steps', spans: derived.matched });
  } else {
    counts.push({
      source: 'steps',
      name: stepRuleName(step.steps),
      ...(step.fromSuite && { path: ['adapter', 'steps'] }),
      spans: derived.matched,
    });
  }
  return counts;
}

/** `customer_turns`, or `attribute chat.turn`. */
export function stepRuleName(steps: TraceStepsConfig): string {
  return typeof steps === 'string' ? steps : `attribute ${steps.attribute}`;
}
