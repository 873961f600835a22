import type { Timeline, TimelineEvent } from '../model/timeline.ts';
import { withoutInferredEchoes } from './inferred-handoffs.ts';
import { recognizeAgentsSdk } from './recognize-agents-sdk.ts';
import { recognizeAiSdk } from './recognize-ai-sdk.ts';
import { recognizeBaton } from './recognize-baton.ts';
import { recognizeEffects } from './recognize-effects.ts';
import { recognizeGenAi } from './recognize-genai.ts';
import { recognizeModelTraffic, withoutTrafficEchoes } from './recognize-model-traffic.ts';
import { recognizeOpenInference } from './recognize-openinference.ts';
import { recognizeReply } from './recognize-replies.ts';
import type { Recognizer } from './recognizer.ts';
import { markSideBySide } from './side-by-side.ts';
import { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';
import { tieKeys } from './tie-order.ts';

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
  recognizeAiSdk,
];

/** Shapes recognised besides what a span is: an agent's reply that asks the customer something. */
export const EXTRA_RECOGNIZERS: readonly Recognizer[] = [recognizeReply];

const SHAPE_NAMES = new Map<Recognizer, string>([
  [recognizeModelTraffic, 'model API traffic'],
  [recognizeBaton, 'Baton'],
  [recognizeEffects, 'Baton effects'],
  [recognizeAgentsSdk, 'OpenAI Agents SDK'],
  [recognizeGenAi, 'OpenTelemetry GenAI'],
  [recognizeOpenInference, 'OpenInference'],
  [recognizeAiSdk, 'Vercel AI SDK'],
]);

/** A recognizer's name in reports: the span shape it knows (`OpenInference`). */
export function shapeName(recognizer: Recognizer): string {
  return SHAPE_NAMES.get(recognizer) ?? (recognizer.name.replace(/^recognize/, '') || 'custom');
}

/**
 * Normalises one case's spans into its timeline: events in start-time order, ties broken by step,
 * then, between events that start at the same moment, by the order their spans were exported
 * (`tieKeys`), then by span id. Apart from such ties the order the spans arrived in never changes
 * a verdict. Each span is
 * what the first of `recognizers` says it is, plus what any of `extras` finds in it.
 */
export function normalize(
  spans: readonly SpanRecord[],
  recognizers: readonly Recognizer[] = BUILT_IN_RECOGNIZERS,
  extras: readonly Recognizer[] = EXTRA_RECOGNIZERS,
): Timeline {
  return normalizeCounted(spans, recognizers, extras).timeline;
}

/** `normalize`, also counting the spans each recognizer (by position) turned into an event. */
export function normalizeCounted(
  spans: readonly SpanRecord[],
  recognizers: readonly Recognizer[] = BUILT_IN_RECOGNIZERS,
  extras: readonly Recognizer[] = EXTRA_RECOGNIZERS,
): { timeline: Timeline; matched: number[] } {
  const index = new SpanIndex(spans);
  const events: TimelineEvent[] = [];
  const matched = recognizers.map(() => 0);
  for (const span of spans) {
    for (let i = 0; i < recognizers.length; i++) {
      const event = (recognizers[i] as Recognizer)(span, index);
      if (event) {
        events.push(event);
        matched[i] = (matched[i] as number) + 1;
        break;
      }
    }
    for (const recognize of extras) {
      const event = recognize(span, index);
      if (event) events.push(event);
    }
  }
  sortEvents(events, index);
  // After the echoes go: they are told apart by identity, and marking copies an event.
  const kept = withoutInferredEchoes(withoutTrafficEchoes(events));
  return { timeline: { events: markSideBySide(kept, index) }, matched };
}

// Up to this many events, an insertion sort: Array#sort allocates a work array every call.
const SHORT = 32;

/**
 * Sorts by `compareEvents`, stably; events that start together (spans stamped in whole
 * milliseconds) are then ordered by `tieKeys`. A short timeline whose times and steps are all
 * numbers (the order is then total, so every stable sort gives the same result) is sorted in
 * place without the work array `Array#sort` allocates: one timeline a case run.
 */
function sortEvents(events: TimelineEvent[], index: SpanIndex): void {
  byStart(events);
  for (let i = 1; i < events.length; i++) {
    const a = events[i - 1] as TimelineEvent;
    const b = events[i] as TimelineEvent;
    if (compareStarts(a, b) !== 0) continue;
    const key = tieKeys(index);
    events.sort((x, y) => {
      const starts = compareStarts(x, y);
      if (starts !== 0) return starts;
      const kx = key(x);
      const ky = key(y);
      return kx.first - ky.first || kx.depth - ky.depth || compareIds(x, y);
    });
    return;
  }
}

function byStart(events: TimelineEvent[]): void {
  if (events.length > SHORT || !events.every(ordered)) {
    events.sort(compareEvents);
    return;
  }
  for (let i = 1; i < events.length; i++) {
    const e = events[i] as TimelineEvent;
    let j = i - 1;
    while (j >= 0 && compareEvents(events[j] as TimelineEvent, e) > 0) {
      events[j + 1] = events[j] as TimelineEvent;
      j--;
    }
    events[j + 1] = e;
  }
}

function ordered(e: TimelineEvent): boolean {
  return (
    typeof e.at === 'number' &&
    !Number.isNaN(e.at) &&
    typeof e.step === 'number' &&
    !Number.isNaN(e.step) &&
    typeof e.spanId === 'string'
  );
}

function compareEvents(a: TimelineEvent, b: TimelineEvent): number {
  return compareStarts(a, b) || compareIds(a, b);
}

/** By start, step, and a step event before what happened in it; 0 when they start together. */
function compareStarts(a: TimelineEvent, b: TimelineEvent): number {
  if (a.at !== b.at) return a.at - b.at;
  if (a.step !== b.step) return a.step - b.step;
  // A step event opens its step: it sorts before what happened in it.
  if ((a.kind === 'step') !== (b.kind === 'step')) return a.kind === 'step' ? -1 : 1;
  return 0;
}

function compareIds(a: TimelineEvent, b: TimelineEvent): number {
  return a.spanId < b.spanId ? -1 : a.spanId > b.spanId ? 1 : 0;
}
