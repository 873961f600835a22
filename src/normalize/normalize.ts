import type { Timeline, TimelineEvent } from '../model/timeline.ts';
import { recognizeAgentsSdk } from './recognize-agents-sdk.ts';
import { recognizeBaton } from './recognize-baton.ts';
import { recognizeEffects } from './recognize-effects.ts';
import { recognizeGenAi } from './recognize-genai.ts';
import { recognizeModelTraffic, withoutTrafficEchoes } from './recognize-model-traffic.ts';
import { recognizeOpenInference } from './recognize-openinference.ts';
import { recognizeReply } from './recognize-replies.ts';
import type { Recognizer } from './recognizer.ts';
import { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/** Built-in span shapes, tried in order; the first that recognises a span wins. */
export const BUILT_IN_RECOGNIZERS: readonly Recognizer[] = [
  // Before Baton's own: these are Baton handoff spans whose sender a traced agent overrides.
  recognizeModelTraffic,
  recognizeBaton,
  recognizeEffects,
  // Before GenAI: a handoff span that names its source says more than the nearest agent.
  recognizeAgentsSdk,
  recognizeGenAi,
  recognizeOpenInference,
];

/** Shapes recognised besides what a span is: an agent's reply that asks the customer something. */
export const EXTRA_RECOGNIZERS: readonly Recognizer[] = [recognizeReply];

/**
 * Normalises one case's spans into its timeline: events in start-time order, ties broken by
 * step and span id so that the order the spans arrived in never changes a verdict. Each span is
 * what the first of `recognizers` says it is, plus what any of `extras` finds in it.
 */
export function normalize(
  spans: readonly SpanRecord[],
  recognizers: readonly Recognizer[] = BUILT_IN_RECOGNIZERS,
  extras: readonly Recognizer[] = EXTRA_RECOGNIZERS,
): Timeline {
  const index = new SpanIndex(spans);
  const events: TimelineEvent[] = [];
  for (const span of spans) {
    for (const recognize of recognizers) {
      const event = recognize(span, index);
      if (event) {
        events.push(event);
        break;
      }
    }
    for (const recognize of extras) {
      const event = recognize(span, index);
      if (event) events.push(event);
    }
  }
  events.sort(compareEvents);
  return { events: withoutTrafficEchoes(events) };
}

function compareEvents(a: TimelineEvent, b: TimelineEvent): number {
  if (a.at !== b.at) return a.at - b.at;
  if (a.step !== b.step) return a.step - b.step;
  // A step event opens its step: it sorts before what happened in it.
  if ((a.kind === 'step') !== (b.kind === 'step')) return a.kind === 'step' ? -1 : 1;
  return a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0;
}
