import type { ParsedCaseInput } from './case.ts';
import { fact, finite, name, plain, text, type Value } from './case-input-fast-parts.ts';

type StepValue = NonNullable<ParsedCaseInput['steps']>[number];

const ONE_KEY = new Set(['customer', 'tool', 'signal', 'person']);
const TOOL_KEYS = new Set(['name', 'ok', 'result', 'error']);
const PERSON_KEYS = new Set(['who', 'decision', 'note']);

/** One step as the schema's union returns it, or undefined when the schema must judge it. */
export function toStep(v: unknown): StepValue | undefined {
  if (!plain(v, ONE_KEY)) return undefined;
  let kind: string | undefined;
  for (const key in v) {
    if (kind !== undefined) return undefined;
    kind = key;
  }
  if (kind === 'customer') return text(v.customer) ? { customer: v.customer } : undefined;
  if (kind === 'tool') return toolStep(v.tool);
  if (kind === 'signal') return signalStep(v.signal);
  if (kind === 'person') return personStep(v.person);
  return undefined;
}

function toolStep(t: unknown): StepValue | undefined {
  if (!plain(t, TOOL_KEYS) || !text(t.name)) return undefined;
  if (t.ok !== undefined && typeof t.ok !== 'boolean') return undefined;
  if (t.error !== undefined && typeof t.error !== 'string') return undefined;
  const tool: Value = { name: t.name, ok: t.ok ?? true };
  if ('result' in t) tool.result = t.result;
  if (t.error !== undefined) tool.error = t.error;
  return { tool } as StepValue;
}

/** The schema's own signals come first, in its order, then the others as written. */
const SIGNALS = ['confidence', 'budget_used', 'deadline_minutes'] as const;

function signalStep(s: unknown): StepValue | undefined {
  if (!plain(s, undefined)) return undefined;
  const { confidence, budget_used, deadline_minutes } = s;
  if (confidence !== undefined && !(finite(confidence) && confidence >= 0 && confidence <= 1))
    return undefined;
  if (budget_used !== undefined && !(finite(budget_used) && budget_used >= 0)) return undefined;
  if (deadline_minutes !== undefined && !finite(deadline_minutes)) return undefined;
  const signal: Value = {};
  for (const key of SIGNALS) if (s[key] !== undefined) signal[key] = s[key];
  for (const key in s) {
    if (key === 'confidence' || key === 'budget_used' || key === 'deadline_minutes') continue;
    if (fact(s[key]) === undefined) return undefined;
    signal[key] = s[key];
  }
  return { signal } as StepValue;
}

function personStep(p: unknown): StepValue | undefined {
  if (!plain(p, PERSON_KEYS) || !name(p.who) || !text(p.decision)) return undefined;
  if (p.note !== undefined && typeof p.note !== 'string') return undefined;
  const person: Value = { who: p.who, decision: p.decision };
  if (p.note !== undefined) person.note = p.note;
  return { person } as StepValue;
}
