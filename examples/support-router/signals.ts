import type { Step } from 'baton-handoffs';
import { mentions } from './extract.ts';
import type { Policy } from './policy.ts';
import type { CaseState, Reason } from './state.ts';

/** A signal rule that fired: who takes over, and the reason code. */
export interface Escalation {
  readonly to: string;
  readonly reason: Reason;
}

/** The first signal rule that fires, most urgent first. */
export function escalationFor(policy: Policy, s: CaseState, step: Step): Escalation | undefined {
  const r = policy.rules;
  if (step.kind === 'customer') {
    const rule = r.explicit_request;
    return rule && mentions(step.text, rule.phrases)
      ? { to: rule.to, reason: 'explicit_request' }
      : undefined;
  }
  if (step.kind === 'tool') {
    const rule = r.no_progress;
    return rule && s.attempts.length >= rule.max_failed_tool_calls
      ? { to: rule.to, reason: 'no_progress' }
      : undefined;
  }
  if (step.kind !== 'signal') return undefined;
  const minutes = numberIn(step.values, 'deadline_minutes');
  const used = numberIn(step.values, 'budget_used');
  const score = numberIn(step.values, 'confidence');
  const { deadline_risk: deadline, budget_exhausted: budget, low_confidence: low } = r;
  if (deadline && minutes !== undefined && minutes <= deadline.deadline_risk_minutes) {
    return { to: deadline.to, reason: 'deadline_risk' };
  }
  if (budget && used !== undefined && used >= budget.budget_limit) {
    return { to: budget.to, reason: 'budget_exhausted' };
  }
  if (low && score !== undefined && score < low.min_confidence) {
    return { to: low.to, reason: 'low_confidence' };
  }
  return undefined;
}

function numberIn(values: Readonly<Record<string, unknown>>, key: string): number | undefined {
  const value = values[key];
  return typeof value === 'number' ? value : undefined;
}
