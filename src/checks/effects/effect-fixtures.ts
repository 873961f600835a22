import type { ExpectedEffect, Labels } from '../../model/labelled-case.ts';
import type {
  AckEvent,
  AgentTurnEvent,
  ClaimEvent,
  DecisionEvent,
  EffectEvent,
  HandoffEvent,
  ReleaseEvent,
  RequestEvent,
  StepEvent,
  Timeline,
  TimelineEvent,
} from '../../model/timeline.ts';

/**
 * Test helpers for the effect and ownership checks: every event made here gets the next time in
 * one sequence (at = step * 100 + a tiny increment), so creation order is time order within a
 * step. Pass `at` to place an event explicitly. Not part of the public API.
 */
let counter = 0;

function base(step: number, at?: number) {
  counter += 1;
  return { step, at: at ?? step * 100 + counter / 1e6, spanId: `e${counter}` };
}

type Extra<T> = Partial<Omit<T, 'kind'>>;

export function effect(
  effect: string,
  key: string,
  agent: string | undefined,
  step: number,
  extra: Extra<EffectEvent> = {},
): EffectEvent {
  return {
    kind: 'effect',
    ...base(step, extra.at),
    effect,
    key,
    outcome: 'committed',
    via: 'span',
    ...(agent !== undefined && { agent }),
    ...extra,
  };
}

export function handoff(from: string, to: string, step: number, at?: number): HandoffEvent {
  return { kind: 'handoff', ...base(step, at), from, to };
}

export function ack(by: string, step: number, from?: string): AckEvent {
  return { kind: 'ack', ...base(step), by, ...(from !== undefined && { from }) };
}

export function turn(agent: string, step: number, at?: number): AgentTurnEvent {
  const b = base(step, at);
  return { kind: 'agent_turn', ...b, agent, end: b.at + 0.0001 };
}

export function claim(
  work: string,
  agent: string,
  step: number,
  extra: Extra<ClaimEvent> = {},
): ClaimEvent {
  return { kind: 'claim', ...base(step, extra.at), work, agent, granted: true, ...extra };
}

export function release(work: string, agent: string, step: number, at?: number): ReleaseEvent {
  return { kind: 'release', ...base(step, at), work, agent };
}

export function request(host: string, step: number, refused: boolean): RequestEvent {
  return {
    kind: 'request',
    ...base(step),
    method: 'POST',
    url: `https://${host}/x`,
    host,
    refused,
  };
}

export function personStep(step: number, who?: string, decided?: string): StepEvent {
  const b = base(step, step * 100);
  return {
    kind: 'step',
    ...b,
    stepKind: 'person',
    end: b.at + 99,
    ...(who !== undefined && { who }),
    ...(decided !== undefined && { decision: decided }),
  };
}

export function decision(person: string, verdict: string, step: number): DecisionEvent {
  return { kind: 'decision', ...base(step), person, decision: verdict };
}

/** Events sorted by time, as the normaliser delivers them. */
export function timeline(...events: TimelineEvent[]): Timeline {
  return { events: [...events].sort((a, b) => a.at - b.at) };
}

export function expectEffect(
  effect: string,
  key: string,
  times: number,
  owner?: string,
): ExpectedEffect {
  return { effect, key, times, ...(owner !== undefined && { owner }) };
}

export function effectLabels(
  effects?: ExpectedEffect[],
  ownership?: Labels['ownership'],
  persons?: readonly string[],
): Labels {
  return {
    handoffs: [],
    ...(effects && { effects }),
    ...(ownership && { ownership }),
    ...(persons && { persons }),
  };
}
