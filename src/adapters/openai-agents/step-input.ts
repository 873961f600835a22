import type { AgentInputItem } from '@openai/agents';
import type { Step } from '../../model/step.ts';
import type { StepInput } from './app.ts';

/**
 * What the agents receive for a step unless the app says otherwise. The customer speaks as the
 * user; everything else arrives as a system message the agent reads in its next turn:
 *
 * - customer → user message: the text;
 * - tool → `Tool order_lookup returned: {…}` or `Tool order_lookup failed: timeout`;
 * - signal → `Signal: confidence=0.35, budget_used=0.9`;
 * - person → `supervisor decided: approve. Note: …`.
 */
export function defaultStepInput(step: Step): StepInput {
  switch (step.kind) {
    case 'customer':
      return step.text;
    case 'tool': {
      const result = step.result === undefined ? '' : `: ${JSON.stringify(step.result)}`;
      const text = step.ok
        ? `Tool ${step.name} returned${result}`
        : `Tool ${step.name} failed: ${step.error ?? 'no reason given'}`;
      return [system(text)];
    }
    case 'signal': {
      const values = Object.entries(step.values).map(([k, v]) => `${k}=${v}`);
      return [system(`Signal: ${values.join(', ')}`)];
    }
    case 'person': {
      const note = step.note === undefined ? '' : ` Note: ${step.note}`;
      return [system(`${step.who} decided: ${step.decision}.${note}`)];
    }
  }
}

/** Input items for one step: a string is one user message. */
export function toInputItems(input: Exclude<StepInput, null>): AgentInputItem[] {
  return typeof input === 'string'
    ? [{ type: 'message', role: 'user', content: input }]
    : [...input];
}

function system(text: string): AgentInputItem {
  return { type: 'message', role: 'system', content: text };
}
