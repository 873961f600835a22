import { ATTR } from '../conventions/attributes.ts';
import type { Step } from '../model/step.ts';
import { SpanIndex } from '../normalize/span-index.ts';
import type { SpanRecord } from '../normalize/span-record.ts';
import type { DerivedSteps } from '../traces/derive-steps.ts';
import { userMessages } from '../traces/user-messages.ts';
import { readStep, STEP_EXAMPLES } from './parse-step.ts';

/** What the live system received at each step, and why a step's input is unknown. */
export interface StepInputs {
  readonly inputs: (Step | undefined)[];
  /** By step: for a step without an input, why (its `baton.step.input` is not a step, or none). */
  readonly missing: (string | undefined)[];
}

/**
 * What the live system received at each derived step, so a candidate can be given the same: the
 * earliest `baton.step.input` of a span at that step, else the last user message of the span
 * that starts it (GenAI, OpenInference message lists) as a customer's words, else that of the
 * step's first model call (a turn whose root is an HTTP request span: the model call inside it
 * carries the conversation so far, the customer's new message last). Undefined for a step with
 * none of these: a conversation with such a step cannot be replayed.
 */
export function stepInputs(derived: DerivedSteps): StepInputs {
  const index = new SpanIndex(derived.spans);
  const earliest = new Map<number, SpanRecord>();
  for (const span of derived.spans) {
    if (typeof span.attributes[ATTR.stepInput] !== 'string') continue;
    const step = index.step(span);
    const seen = earliest.get(step);
    if (!seen || span.start < seen.start) earliest.set(step, span);
  }
  const byId = new Map(derived.spans.map((s) => [s.spanId, s]));
  const inputs: (Step | undefined)[] = [];
  const missing: (string | undefined)[] = [];
  let firstSaid: Map<number, string> | undefined;
  for (const step of derived.steps) {
    const marked = earliest.get(step.index);
    if (marked) {
      const read = readStep(marked.attributes[ATTR.stepInput] as string);
      inputs.push(read.ok ? read.step : undefined);
      missing.push(read.ok ? undefined : unreadable(marked, read.why));
      continue;
    }
    const start = byId.get(step.spanId);
    const said = start && userMessages(start);
    let text = said && said.last !== '' ? said.last : undefined;
    if (text === undefined) {
      // Read only when a step needs it: most spans' model input is never parsed.
      firstSaid ??= firstModelWords(derived.spans, index);
      text = firstSaid.get(step.index);
    }
    inputs.push(text !== undefined ? { kind: 'customer', text } : undefined);
    missing.push(text !== undefined ? undefined : NO_INPUT);
  }
  return { inputs, missing };
}

/** By step, the last user message of the step's earliest span that carries model input. */
function firstModelWords(spans: readonly SpanRecord[], index: SpanIndex): Map<number, string> {
  const first = new Map<number, { start: number; text: string }>();
  for (const span of spans) {
    const said = userMessages(span);
    if (!said || said.last === '') continue;
    const step = index.step(span);
    const seen = first.get(step);
    if (!seen || span.start < seen.start) first.set(step, { start: span.start, text: said.last });
  }
  return new Map([...first].map(([step, s]) => [step, s.text]));
}

const NO_INPUT = `has no input: give the span that starts it a baton.step.input attribute, the step as JSON (${STEP_EXAMPLES}), or model input messages`;

function unreadable(span: SpanRecord, why: string): string {
  return `has a baton.step.input that is not a step: ${why}, on span "${span.name}". Write it as ${STEP_EXAMPLES}`;
}
