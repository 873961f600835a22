import type { Step } from '../../model/step.ts';

/**
 * The text of the human message a step becomes by default. A customer's words go as they are;
 * the other kinds carry a bracketed prefix a prompt (or a scripted model) can recognise:
 * `[tool order_lookup ok] {"status":"shipped"}`, `[tool order_lookup failed] timeout`,
 * `[signal] confidence=0.42`, `[person supervisor] approve: note`.
 */
export function stepText(step: Step): string {
  switch (step.kind) {
    case 'customer':
      return step.text;
    case 'tool': {
      if (!step.ok) return `[tool ${step.name} failed]${step.error ? ` ${step.error}` : ''}`;
      const result = step.result === undefined ? '' : ` ${JSON.stringify(step.result)}`;
      return `[tool ${step.name} ok]${result}`;
    }
    case 'signal':
      return `[signal] ${Object.entries(step.values)
        .map(([key, value]) => `${key}=${value}`)
        .join(' ')}`;
    case 'person':
      return `[person ${step.who}] ${step.decision}${step.note ? `: ${step.note}` : ''}`;
  }
}

/** The value a person step resumes a pending `interrupt()` with. */
export interface PersonDecision {
  readonly who: string;
  readonly decision: string;
  readonly note?: string;
}

export function personDecision(step: Extract<Step, { kind: 'person' }>): PersonDecision {
  return {
    who: step.who,
    decision: step.decision,
    ...(step.note !== undefined && { note: step.note }),
  };
}
