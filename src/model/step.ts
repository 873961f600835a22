import type { FactValue } from './case.ts';

/** A step as an implementation receives it: a discriminated union on `kind`. */
export type Step =
  | { readonly kind: 'customer'; readonly text: string }
  | {
      readonly kind: 'tool';
      readonly name: string;
      readonly ok: boolean;
      readonly result?: unknown;
      readonly error?: string;
    }
  | { readonly kind: 'signal'; readonly values: Readonly<Record<string, FactValue>> }
  | {
      readonly kind: 'person';
      readonly who: string;
      readonly decision: string;
      readonly note?: string;
    };

export type StepKind = Step['kind'];

/** A short one-line rendering of a step, for reports and span names. */
export function describeStep(step: Step): string {
  switch (step.kind) {
    case 'customer':
      return `customer: ${truncate(step.text, 60)}`;
    case 'tool':
      return `tool ${step.name} ${step.ok ? 'ok' : `failed${step.error ? ` (${step.error})` : ''}`}`;
    case 'signal':
      return `signal ${Object.entries(step.values)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`;
    case 'person':
      return `${step.who} decided ${step.decision}`;
  }
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
