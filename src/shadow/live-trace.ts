import type { ShadowLiveConfig } from '../model/shadow-config.ts';
import { BUILT_IN_RECOGNIZERS } from '../normalize/normalize.ts';
import { compileRules } from '../normalize/recognize-rules.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import { type DerivedSteps, deriveSteps } from '../traces/derive-steps.ts';
import { lowerTrace } from '../traces/lower-spans.ts';
import { participantNames } from '../traces/participant-names.ts';

/** Reads live conversations exactly as the traces adapter reads a recorded one. */
export type LiveReader = (spans: readonly SpanRecord[]) => DerivedSteps;

/**
 * The traces adapter's rules for one shadow run, compiled once: the suite's `recognize:` rules
 * before the built-in shapes, agent names mapped to participant names, then the step rule. A
 * live conversation therefore gets the same steps and handoffs it would get as a trace case.
 */
export function liveReader(config: ShadowLiveConfig): LiveReader {
  const rules = config.recognize.length > 0 ? compileRules(config.recognize) : undefined;
  const nameOf = participantNames(config.names);
  return (spans) =>
    deriveSteps(
      lowerTrace(spans, { recognizers: BUILT_IN_RECOGNIZERS, nameOf, ...(rules && { rules }) })
        .spans,
      config.steps,
    );
}
