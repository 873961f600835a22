import type { TraceStepsConfig } from './adapter-config.ts';
import type { CarryMatch, FactValue, ParsedCaseInput } from './case.ts';
import { type ExpectedGuardrail, toExpectedGuardrail } from './expected-guardrail.ts';
import type { Fault } from './fault.ts';
import { type GivenFact, givenFacts } from './given-facts.ts';
import type { Step } from './step.ts';
import { type ToolTrajectory, toTrajectory } from './tool-trajectory.ts';

export type { ExpectedGuardrail } from './expected-guardrail.ts';
export type { GivenFact } from './given-facts.ts';
export type { ExpectedToolCall, ToolMatchMode, ToolTrajectory } from './tool-trajectory.ts';

/** An expected handoff with its on-time window resolved to inclusive step bounds. */
export interface ExpectedHandoff {
  readonly from: string;
  readonly to: string;
  readonly window: readonly [number, number];
  readonly reason?: string;
  readonly alternatives: readonly string[];
  readonly carry: Readonly<Record<string, FactValue>>;
  /** Facts whose label names its match; the others use the suite's default (`equals`). */
  readonly carryMatch?: Readonly<Record<string, CarryMatch>>;
}

/** A side effect the case expects: identity (effect, key), committed `times` times by `owner`. */
export interface ExpectedEffect {
  readonly effect: string;
  readonly key: string;
  readonly owner?: string;
  readonly times: number;
  /** Steps (inclusive) where committing it is on time; absent: any step. */
  readonly window?: readonly [number, number];
  /** What must have happened before each of its first `times` commits (`after:`). */
  readonly after?: readonly EffectPrerequisite[];
}

/** A handoff or an effect that must come before an expected effect; an effect without a key: any key. */
export type EffectPrerequisite =
  | { readonly kind: 'handoff'; readonly from: string; readonly to: string }
  | { readonly kind: 'effect'; readonly effect: string; readonly key?: string };

/** What a case says must happen. An empty `handoffs` list means "no handoff must happen". */
export interface Labels {
  readonly handoffs: readonly ExpectedHandoff[];
  readonly maxHops?: number;
  /** Absent: the case says nothing about effects (the effect checks only judge owners then). */
  readonly effects?: readonly ExpectedEffect[];
  readonly ownership?: { readonly work: string; readonly maxWaitMs?: number };
  /** Absent: the case says nothing about tool calls. */
  readonly tools?: ToolTrajectory;
  /** A guardrail the case means to trip; absent: any trip fails the case. */
  readonly guardrail?: ExpectedGuardrail;
  /** Facts the case gave before or at each carrying handoff, from its `carry` labels. */
  readonly facts?: readonly GivenFact[];
  /** The case's people (`participants.persons`): who an escalation goes to, and who decides. */
  readonly persons?: readonly string[];
}

/** The recorded trace a case labels (the traces adapter derives its steps). */
export interface TraceRef {
  /** As written: relative to the case file. Absent: the suite's trace files. */
  readonly file?: string;
  readonly traceId?: string;
  readonly conversationId?: string;
  readonly steps?: TraceStepsConfig;
}

/** 1-based lines of a case file's parts, so a finding can point at the label it judges. */
export interface CasePositions {
  readonly id: number;
  readonly expect?: number;
  readonly steps: readonly number[];
  readonly handoffs: readonly {
    readonly line: number;
    readonly carry: Readonly<Record<string, number>>;
  }[];
  readonly effects: readonly number[];
  readonly maxHops?: number;
  readonly ownership?: number;
  readonly trace?: number;
  /** The `entry:` key, when the case names one. */
  readonly entry?: number;
  /** The `faults:` key, when the case injects faults of its own. */
  readonly faults?: number;
}

/** A validated case, ready for an adapter and the checks. */
export interface Case {
  readonly id: string;
  readonly title: string;
  readonly source: string;
  readonly tags: readonly string[];
  readonly agents: readonly string[];
  readonly persons: readonly string[];
  readonly entry: string;
  /** The case names its entry (`entry:`); else `entry` is its first agent, by default. */
  readonly entryGiven?: true;
  /** The steps as written; empty for a trace case that leaves them to be derived from the trace. */
  readonly steps: readonly Step[];
  readonly labels: Labels;
  /** A recorded trace to label instead of driving an implementation. */
  readonly trace?: TraceRef;
  /** Faults injected into this case (on top of the suite's). */
  readonly faults?: readonly Fault[];
  /** Where the case was loaded from, when it came from a file. */
  readonly file?: string;
  /** Where its parts are written in that file. */
  readonly positions?: CasePositions;
}

/** A problem found after the schema passed: a path into the input and what is wrong there. */
export interface CaseProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

export type ResolveCaseResult =
  | { readonly ok: true; readonly case: Case }
  | { readonly ok: false; readonly problems: readonly CaseProblem[] };

/** Turns schema-valid input into a Case, checking what the schema alone cannot (names, steps). */
export function resolveCase(input: ParsedCaseInput, file?: string): ResolveCaseResult {
  const problems: CaseProblem[] = [];
  const agents = input.participants.agents;
  const persons = input.participants.persons;
  const known = new Set([...agents, ...persons]);
  const names = () => [...known].join(', ');
  const written = input.steps ?? [];
  // A trace case without steps has them derived at run time: the trace adapter checks `at`.
  const stepCount = input.steps === undefined ? Number.POSITIVE_INFINITY : written.length;

  if (input.entry !== undefined && !agents.includes(input.entry)) {
    problems.push({
      path: ['entry'],
      message: `entry must be one of the agents: ${agents.join(', ')}`,
    });
  }
  written.forEach((raw, i) => {
    if ('person' in raw && !persons.includes(raw.person.who)) {
      problems.push({
        path: ['steps', i, 'person', 'who'],
        message: `"${raw.person.who}" is not listed in participants.persons (${persons.join(', ') || 'empty'})`,
      });
    }
  });
  const handoffs: ExpectedHandoff[] = [];
  if (input.expect.handoffs !== 'none') {
    input.expect.handoffs.forEach((h, i) => {
      const at = ['expect', 'handoffs', i];
      for (const field of ['from', 'to'] as const) {
        if (!known.has(h[field])) {
          problems.push({
            path: [...at, field],
            message: `"${h[field]}" is not a participant (${names()})`,
          });
        }
      }
      for (const [j, alt] of (h.alternatives ?? []).entries()) {
        if (!known.has(alt)) {
          problems.push({
            path: [...at, 'alternatives', j],
            message: `"${alt}" is not a participant (${names()})`,
          });
        }
      }
      const window: [number, number] = h.window ?? [h.at ?? 0, h.at ?? 0];
      if (window[1] >= stepCount) {
        problems.push({
          path: [...at, h.window ? 'window' : 'at'],
          message: `step ${window[1]} does not exist: the case has steps 0 to ${stepCount - 1}`,
        });
      }
      const carry = toCarry(h.carry ?? {}, [...at, 'carry'], problems);
      handoffs.push({
        from: h.from,
        to: h.to,
        window,
        ...(h.reason !== undefined && { reason: h.reason }),
        alternatives: h.alternatives ?? [],
        ...carry,
      });
    });
  }
  input.expect.effects?.forEach((e, i) => {
    if (e.owner !== undefined && !known.has(e.owner)) {
      problems.push({
        path: ['expect', 'effects', i, 'owner'],
        message: `"${e.owner}" is not a participant (${names()})`,
      });
    }
    for (const [j, p] of (e.after ?? []).entries()) {
      if (!('from' in p)) continue;
      for (const field of ['from', 'to'] as const) {
        if (!known.has(p[field])) {
          problems.push({
            path: ['expect', 'effects', i, 'after', j, field],
            message: `"${p[field]}" is not a participant (${names()})`,
          });
        }
      }
    }
    const last = e.window?.[1] ?? e.at;
    if (last !== undefined && last >= stepCount) {
      problems.push({
        path: ['expect', 'effects', i, e.window ? 'window' : 'at'],
        message: `step ${last} does not exist: the case has steps 0 to ${stepCount - 1}`,
      });
    }
  });
  if (input.trace?.trace_id !== undefined && input.trace.conversation_id !== undefined) {
    // The trace id would select its trace alone: the conversation id would be read by nobody.
    problems.push({
      path: ['trace', 'trace_id'],
      message: 'a trace case names one trace_id or one conversation_id, not both',
    });
  }
  const tools = toTrajectory(input.expect.tools, known, problems);
  const guardrail = toExpectedGuardrail(input.expect.guardrail, stepCount, problems);
  if (problems.length > 0) return { ok: false, problems };
  const steps = written.map(toStep);
  const facts = givenFacts(handoffs, steps);

  return {
    ok: true,
    case: {
      id: input.id,
      title: input.title,
      source: input.source,
      tags: input.tags,
      agents,
      persons,
      entry: input.entry ?? (agents[0] as string),
      ...(input.entry !== undefined && { entryGiven: true as const }),
      steps,
      labels: {
        handoffs,
        ...(input.expect.max_hops !== undefined && { maxHops: input.expect.max_hops }),
        ...(input.expect.effects && { effects: input.expect.effects.map(toExpectedEffect) }),
        ...(input.expect.ownership && { ownership: toOwnership(input.expect.ownership) }),
        ...(tools !== undefined && { tools }),
        ...(guardrail !== undefined && { guardrail }),
        ...(facts.length > 0 && { facts }),
        ...(persons.length > 0 && { persons }),
      },
      ...(input.faults && { faults: input.faults }),
      ...(input.trace && { trace: toTraceRef(input.trace) }),
      ...(file !== undefined && { file }),
    },
  };
}

type CarryInput = NonNullable<
  Exclude<ParsedCaseInput['expect']['handoffs'], 'none'>[number]['carry']
>;

/** Splits labelled facts into values and explicit matches; a `contains` needs a word to find. */
function toCarry(
  input: CarryInput,
  at: readonly (string | number)[],
  problems: CaseProblem[],
): Pick<ExpectedHandoff, 'carry' | 'carryMatch'> {
  const carry: Record<string, FactValue> = {};
  const carryMatch: Record<string, CarryMatch> = {};
  for (const [fact, label] of Object.entries(input)) {
    if (typeof label !== 'object') {
      carry[fact] = label;
    } else if ('contains' in label) {
      carry[fact] = label.contains;
      carryMatch[fact] = 'contains';
      if (!hasWords(String(label.contains))) {
        problems.push({
          path: [...at, fact, 'contains'],
          message: `"${label.contains}" has no letter or digit to look for: punctuation and spacing are ignored by \`contains\``,
        });
      }
    } else {
      carry[fact] = label.equals;
      carryMatch[fact] = 'equals';
    }
  }
  return Object.keys(carryMatch).length > 0 ? { carry, carryMatch } : { carry };
}

function hasWords(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

function toExpectedEffect(
  e: NonNullable<ParsedCaseInput['expect']['effects']>[number],
): ExpectedEffect {
  const window = e.window ?? (e.at === undefined ? undefined : [e.at, e.at]);
  return {
    effect: e.effect,
    key: String(e.key),
    times: e.times,
    ...(e.owner !== undefined && { owner: e.owner }),
    ...(window !== undefined && { window: [window[0], window[1]] as const }),
    ...(e.after !== undefined && { after: e.after.map(toPrerequisite) }),
  };
}

function toPrerequisite(
  p: NonNullable<NonNullable<ParsedCaseInput['expect']['effects']>[number]['after']>[number],
): EffectPrerequisite {
  if ('from' in p) return { kind: 'handoff', from: p.from, to: p.to };
  return { kind: 'effect', effect: p.effect, ...(p.key !== undefined && { key: String(p.key) }) };
}

function toOwnership(
  o: NonNullable<ParsedCaseInput['expect']['ownership']>,
): NonNullable<Labels['ownership']> {
  return { work: o.work, ...(o.max_wait_ms !== undefined && { maxWaitMs: o.max_wait_ms }) };
}

function toTraceRef(t: NonNullable<ParsedCaseInput['trace']>): TraceRef {
  return {
    ...(t.file !== undefined && { file: t.file }),
    ...(t.trace_id !== undefined && { traceId: t.trace_id.toLowerCase() }),
    ...(t.conversation_id !== undefined && { conversationId: t.conversation_id }),
    ...(t.steps !== undefined && { steps: t.steps }),
  };
}

function toStep(raw: NonNullable<ParsedCaseInput['steps']>[number]): Step {
  if ('customer' in raw) return { kind: 'customer', text: raw.customer };
  if ('tool' in raw) {
    const { name, ok, result, error } = raw.tool;
    return {
      kind: 'tool',
      name,
      ok,
      ...(result !== undefined && { result }),
      ...(error !== undefined && { error }),
    };
  }
  if ('signal' in raw) {
    const values: Record<string, FactValue> = {};
    for (const [k, v] of Object.entries(raw.signal)) if (v !== undefined) values[k] = v;
    return { kind: 'signal', values };
  }
  const { who, decision, note } = raw.person;
  return { kind: 'person', who, decision, ...(note !== undefined && { note }) };
}
