import type { FactValue } from './case.ts';
import { type FactWords, factWords, holdsValue, valueTexts } from './fact-words.ts';
import type { Step, StepKind } from './step.ts';

/**
 * What gave a fact: a step whose text holds its value (`said`, with the step's kind), or, when no
 * step had said it by then, the label of the handoff that must carry it (`label`): its sender
 * knew it, from something the case's steps do not show (a lookup).
 */
export type FactSource =
  | { readonly kind: 'said'; readonly by: StepKind }
  | {
      readonly kind: 'label';
      readonly from: string;
      readonly to: string;
      /** The case wrote no steps (a recorded trace's come from the trace): none could be read. */
      readonly stepless?: true;
    };

/** A fact an earlier step gave: re-asking for it after a handoff is handoff.reask. */
export interface GivenFact {
  readonly name: string;
  readonly value: string;
  /** The first step that gave it (its text holds the value), else the carrying label's first. */
  readonly step: number;
  readonly source: FactSource;
}

/** What the facts are read from: an expected handoff's window and carry label. */
interface Carrying {
  readonly from: string;
  readonly to: string;
  readonly window: readonly [number, number];
  readonly carry: Readonly<Record<string, FactValue>>;
}

/** Everything a step says, as texts: what the customer wrote, a tool's result, a signal, a note. */
function stepTexts(step: Step): string[] {
  switch (step.kind) {
    case 'customer':
      return [step.text];
    case 'tool':
      return [...valueTexts(step.result), step.error ?? ''];
    case 'signal':
      return Object.values(step.values).map(String);
    case 'person':
      return [step.decision, step.note ?? ''];
  }
}

/**
 * The facts a case gave, from its `carry` labels: each fact (by name, first label wins) was
 * given at the first step whose text holds its value as whole tokens (ignoring case; 300 is not
 * in "CLM-3003"), and no later than the first step of the handoff that must carry it — the
 * sender knew it by then.
 */
export function givenFacts(handoffs: readonly Carrying[], steps: readonly Step[]): GivenFact[] {
  // Each step's words are made when a fact is first looked for in it: most cases carry no facts.
  const words: FactWords[][] = [];
  const wordsOf = (i: number) => {
    words[i] ??= stepTexts(steps[i] as Step).map(factWords);
    return words[i];
  };
  const out = new Map<string, GivenFact>();
  for (const h of handoffs) {
    for (const [name, raw] of Object.entries(h.carry)) {
      if (out.has(name)) continue;
      const value = String(raw);
      const wanted = factWords(value);
      const first = h.window[0];
      let said = -1;
      for (let i = 0; i <= first && i < steps.length && said < 0; i++) {
        if (wordsOf(i).some((t) => holdsValue(t, wanted))) said = i;
      }
      const source: FactSource =
        said >= 0
          ? { kind: 'said', by: (steps[said] as Step).kind }
          : {
              kind: 'label',
              from: h.from,
              to: h.to,
              ...(steps.length === 0 && { stepless: true }),
            };
      out.set(name, { name, value, step: said >= 0 ? said : first, source });
    }
  }
  return [...out.values()];
}
