import { ATTR, EVENT } from '../../conventions/attributes.ts';
import type { Step } from '../../model/step.ts';
import { handoff } from './map-spans.ts';
import type { PlannedSpan } from './planned-span.ts';
import { preciseNow } from './sdk-span.ts';
import { parseArgs } from './tool-args.ts';

type PersonStep = Extract<Step, { kind: 'person' }>;

/**
 * Who holds the work, from the handoffs recorded so far. The SDK knows nothing of people: an
 * escalation tool hands the work to a person, yet the conversation stays with the agent that
 * called it. When that person's decision arrives (a person step), the work goes back to the agent
 * that receives the step; Baton records that return as a handoff from the person.
 */
export class WorkHolder {
  #holder: string;
  readonly #escalated = new Map<string, string | undefined>();

  constructor(entry: string) {
    this.#holder = entry;
  }

  get holder(): string {
    return this.#holder;
  }

  /** Follows the handoffs among a turn's spans, in order. */
  observe(spans: readonly PlannedSpan[]): void {
    for (const span of spans) {
      const a = span.attributes;
      if (a[ATTR.event] !== EVENT.handoff) continue;
      const to = a[ATTR.handoffTo];
      if (typeof to !== 'string') continue;
      this.#holder = to;
      if (a[ATTR.handoffTargetKind] === 'person') {
        const payload = a[ATTR.handoffPayload];
        this.#escalated.set(to, typeof payload === 'string' ? payload : undefined);
      }
    }
  }

  /**
   * The handoff back from a person who holds the work, carrying what they were handed plus
   * their decision; undefined when `step.who` does not hold it (the decision is then just news).
   */
  personReturn(step: PersonStep, to: string, index: number): PlannedSpan | undefined {
    if (step.who !== this.#holder) return undefined;
    const handed = parseArgs(this.#escalated.get(step.who)) ?? {};
    const payload = JSON.stringify({
      ...handed,
      decision: step.decision,
      ...(step.note !== undefined && { note: step.note }),
    });
    const now = preciseNow();
    const span: PlannedSpan = {
      id: `baton-person-return-${index}`,
      name: `handoff ${step.who} -> ${to} (decision)`,
      start: now,
      end: now,
      attributes: {
        ...handoff(step.who, to, 'agent', payload),
        [ATTR.handoffReason]: 'person_decision',
      },
    };
    this.observe([span]);
    return span;
  }
}
