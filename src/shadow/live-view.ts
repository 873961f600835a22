import { ATTR, EVENT } from '../conventions/attributes.ts';
import type { ToolEffectRule } from '../model/effects-config.ts';
import type { Step } from '../model/step.ts';
import type { DecisionEvent, Timeline, TimelineEvent } from '../model/timeline.ts';
import { normalize } from '../normalize/normalize.ts';
import { withToolEffects } from '../normalize/tool-effects.ts';
import type { DerivedStep, DerivedSteps } from '../traces/derive-steps.ts';
import { entryAgent } from './entry-agent.ts';
import { stepInputs } from './step-inputs.ts';

/** A finished live conversation as Baton reads it: steps, inputs, timeline and participants. */
export interface LiveView {
  readonly steps: readonly DerivedStep[];
  /** What the live system received at each step; undefined where the trace does not say. */
  readonly inputs: readonly (Step | undefined)[];
  /** For each step without an input, why (worded to follow `step <n> (<step>) `). */
  readonly missing: readonly (string | undefined)[];
  /** The live timeline, with the decisions of person steps that no span recorded. */
  readonly timeline: Timeline;
  readonly agents: readonly string[];
  readonly persons: ReadonlySet<string>;
  readonly entry: string | undefined;
  /** Agents passed over as the entry: their turns only wrap other agents' (`entryAgent`). */
  readonly wrappers: readonly string[];
  /**
   * False for a trace with no agent activity at all (no agent turn, handoff, question, tool call
   * or effect, and no step input): a health check or a plain HTTP request, not a conversation.
   */
  readonly active: boolean;
}

export interface ViewOptions {
  readonly entry?: string;
  /** People and people's queues the suite names, besides those the spans mark. */
  readonly persons?: readonly string[];
  /** The suite's `effects.tools`: tool calls that are effects, as `baton run` reads them. */
  readonly toolEffects?: readonly ToolEffectRule[];
}

/** Reads a derived live conversation; pure. */
export function liveView(derived: DerivedSteps, o: ViewOptions = {}): LiveView {
  const { inputs, missing } = stepInputs(derived);
  const base = withToolEffects(normalize(derived.spans), o.toolEffects ?? []);
  const persons = new Set(o.persons ?? []);
  for (const s of derived.spans) {
    const a = s.attributes;
    if (a[ATTR.event] === EVENT.handoff && a[ATTR.handoffTargetKind] === 'person') {
      const to = a[ATTR.handoffTo];
      if (typeof to === 'string') persons.add(to);
    }
  }
  for (const e of base.events) if (e.kind === 'decision') persons.add(e.person);
  for (const i of inputs) if (i?.kind === 'person') persons.add(i.who);
  const timeline = withInputDecisions(base, inputs, derived.steps);
  const found = entryAgent(timeline, persons);
  const wrappers = new Set(found.wrappers);
  return {
    steps: derived.steps,
    inputs,
    missing,
    timeline,
    agents: agentsOf(timeline, persons).filter((a) => !wrappers.has(a) || a === o.entry),
    persons,
    entry: o.entry ?? found.entry,
    wrappers: found.wrappers,
    active: inputs.some((i) => i !== undefined) || timeline.events.some(isActivity),
  };
}

function agentsOf(timeline: Timeline, persons: ReadonlySet<string>): string[] {
  const agents = new Set<string>();
  for (const e of timeline.events) {
    if (e.kind === 'agent_turn') agents.add(e.agent);
    if (e.kind === 'handoff') for (const name of [e.from, e.to]) agents.add(name);
  }
  return [...agents].filter((a) => !persons.has(a));
}

/** What agents (and the people they hand work to) do; a step or a bare HTTP request is not it. */
function isActivity(e: TimelineEvent): boolean {
  return e.kind !== 'step' && e.kind !== 'request';
}

/** A person step the trace shows only as an input is that person's decision, at the step's start. */
function withInputDecisions(
  timeline: Timeline,
  inputs: readonly (Step | undefined)[],
  steps: readonly DerivedStep[],
): Timeline {
  const recorded = new Set<string>();
  for (const e of timeline.events) if (e.kind === 'decision') recorded.add(`${e.person}@${e.step}`);
  const added: DecisionEvent[] = [];
  inputs.forEach((input, k) => {
    const step = steps[k];
    if (input?.kind !== 'person' || !step || recorded.has(`${input.who}@${k}`)) return;
    added.push({
      kind: 'decision',
      person: input.who,
      decision: input.decision,
      step: k,
      at: step.at,
      spanId: `${step.spanId}.input`,
    });
  });
  if (added.length === 0) return timeline;
  const events: TimelineEvent[] = [...timeline.events, ...added];
  // Stable: an added decision sorts after events at the same instant (the step span opens first).
  events.sort((a, b) => a.at - b.at);
  return { events };
}
