import type { FactValue } from './case.ts';
import type { Step } from './step.ts';

/** A fact an earlier step gave: re-asking for it after a handoff is handoff.reask. */
export interface GivenFact {
  readonly name: string;
  readonly value: string;
  /** The first step that gave it (its text contains the value), else the carrying label's first step. */
  readonly step: number;
}

/** What the facts are read from: an expected handoff's window and carry label. */
interface Carrying {
  readonly window: readonly [number, number];
  readonly carry: Readonly<Record<string, FactValue>>;
}

/** Everything a step says, as text: what the customer wrote, a tool's result, a signal, a note. */
function stepText(step: Step): string {
  switch (step.kind) {
    case 'customer':
      return step.text;
    case 'tool':
      return `${step.result === undefined ? '' : JSON.stringify(step.result)} ${step.error ?? ''}`;
    case 'signal':
      return Object.values(step.values).map(String).join(' ');
    case 'person':
      return `${step.decision} ${step.note ?? ''}`;
  }
}

/**
 * The facts a case gave, from its `carry` labels: each fact (by name, first label wins) was
 * given at the first step whose text contains its value (ignoring case), and no later than the
 * first step of the handoff that must carry it — the sender knew it by then.
 */
export function givenFacts(handoffs: readonly Carrying[], steps: readonly Step[]): GivenFact[] {
  // Each step's text is made when a fact is first looked for in it: most cases carry no facts.
  const texts: string[] = [];
  const textOf = (i: number) => {
    texts[i] ??= stepText(steps[i] as Step).toLowerCase();
    return texts[i];
  };
  const out = new Map<string, GivenFact>();
  for (const h of handoffs) {
    for (const [name, raw] of Object.entries(h.carry)) {
      if (out.has(name)) continue;
      const value = String(raw);
      const needle = value.toLowerCase();
      let said = -1;
      for (let i = 0; i < steps.length && said < 0; i++) if (textOf(i).includes(needle)) said = i;
      const step = said >= 0 ? Math.min(said, h.window[0]) : h.window[0];
      out.set(name, { name, value, step });
    }
  }
  return [...out.values()];
}
