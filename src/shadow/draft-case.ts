import { stringify } from 'yaml';
import type { TraceStepsConfig } from '../model/adapter-config.ts';
import { describeStep, type Step } from '../model/step.ts';
import type { DerivedStep } from '../traces/derive-steps.ts';
import type { Difference, HandoffBrief } from './compare-handoffs.ts';

/** What a draft case file says about one disagreement. */
export interface DraftInput {
  readonly id: string;
  readonly conversation: string;
  /** Set when the conversation had an id of its own (else the draft names its trace). */
  readonly conversationId?: string;
  readonly traceIds: readonly string[];
  /** The saved trace, relative to the draft file. */
  readonly traceFile: string;
  readonly stepRule: TraceStepsConfig;
  readonly steps: readonly DerivedStep[];
  /** What the live system received at each step: shown instead of the span that starts it. */
  readonly inputs: readonly (Step | undefined)[];
  readonly agents: readonly string[];
  readonly persons: readonly string[];
  readonly entry: string;
  readonly live: readonly HandoffBrief[];
  readonly candidate: readonly HandoffBrief[];
  readonly differences: readonly Difference[];
  /** Who saw it: the suite and the time. */
  readonly seen: string;
  readonly candidateName: string;
}

/** Marks the two ready-made `expect:` blocks, so a person (or a script) can uncomment one. */
export const LIVE_BLOCK = '# expect: # the live behaviour';
export const CANDIDATE_BLOCK = '# expect: # the candidate behaviour';

/**
 * A draft case for a person to label: the conversation's trace by reference, its derived steps,
 * both sides' handoffs and the differences as comments, and the two behaviours as `expect:`
 * blocks to uncomment. Until one is, `baton validate` says `expect` is missing: an unlabelled
 * draft never passes for a labelled case.
 */
export function renderDraft(d: DraftInput): string {
  const names = participants(d);
  const lines = [
    `# Draft case written by baton shadow (${d.seen}).`,
    '# The live system and the candidate handed off differently in this conversation. Decide what',
    '# should have happened and write it under `expect:` — uncomment one of the blocks at the end',
    '# and correct it — then move the file to labelled/ and run the suite beside it:',
    '# baton run drafts.suite.yaml (the trace it points to stays in traces/).',
    `id: ${d.id}`,
    `title: ${scalar(`Live conversation ${d.conversation}: ${stepText(d, 0)}`)}`,
    `source: ${scalar(`live conversation ${d.conversation}, seen by baton shadow (${d.seen})`)}`,
    'tags: [shadow]',
    'participants:',
    `  agents: [${names.agents.join(', ')}]`,
    `  persons: [${names.persons.join(', ')}]`,
    `entry: ${d.entry}`,
    'trace:',
    `  file: ${scalar(d.traceFile)}`,
    d.conversationId !== undefined
      ? `  conversation_id: ${scalar(d.conversationId)}`
      : `  trace_id: ${d.traceIds[0] ?? ''}`,
    `  steps: ${stepRuleYaml(d.stepRule)}`,
    '# Steps derived from the trace (labels count them from 0):',
    ...d.steps.map((s) => `#   ${s.index}  ${oneLine(stepText(d, s.index))}`),
    '#',
    ...sideBySide(d.live, d.candidate, d.candidateName),
    '#',
    '# Differences:',
    ...d.differences.map((x) => `#   - ${describeDifference(x)}`),
    '#',
    LIVE_BLOCK,
    ...expectBlock(d.live),
    '#',
    CANDIDATE_BLOCK,
    ...expectBlock(d.candidate),
  ];
  return `${lines.join('\n')}\n`;
}

function stepText(d: DraftInput, index: number): string {
  const input = d.inputs[index];
  if (input?.kind === 'customer') return `customer: ${input.text}`;
  return input ? describeStep(input) : (d.steps[index]?.describe ?? 'no steps');
}

function participants(d: DraftInput): { agents: string[]; persons: string[] } {
  const persons = new Set(d.persons);
  const agents = new Set([d.entry, ...d.agents]);
  for (const h of [...d.live, ...d.candidate]) {
    for (const name of [h.from, h.to]) if (!persons.has(name)) agents.add(name);
  }
  return { agents: [...agents], persons: [...persons] };
}

function sideBySide(
  live: readonly HandoffBrief[],
  candidate: readonly HandoffBrief[],
  candidateName: string,
): string[] {
  const left = live.map(handoffLine);
  const right = candidate.map(handoffLine);
  const width = Math.max(32, ...left.map((l) => l.length));
  const rows = [`#   ${'Live'.padEnd(width)} | Candidate (${candidateName})`];
  for (let i = 0; i < Math.max(left.length, right.length, 1); i++) {
    const none = i === 0 ? 'no handoff' : '';
    rows.push(`#   ${(left[i] ?? none).padEnd(width)} | ${right[i] ?? none}`.trimEnd());
  }
  return rows;
}

function handoffLine(h: HandoffBrief): string {
  return `step ${h.step}  ${h.from} → ${h.to}${h.reason ? `  ${h.reason}` : ''}`;
}

/** One difference in words, for drafts and the console. */
export function describeDifference(d: Difference): string {
  switch (d.kind) {
    case 'missed':
      return `${d.live.from} → ${d.live.to} at step ${d.live.step}: the candidate made no such handoff${d.escalation ? ' (a missed escalation)' : ''}`;
    case 'extra':
      return `${d.candidate.from} → ${d.candidate.to} at step ${d.candidate.step}: only the candidate hands off${d.escalation ? ' (an extra escalation)' : ''}`;
    case 'target':
      return `${d.live.from} at step ${d.live.step}: live hands to ${d.live.to}, the candidate to ${d.candidate.to}`;
    case 'timing':
      return `${d.live.from} → ${d.live.to}: live at step ${d.live.step}, the candidate at step ${d.candidate.step} (${d.distance > 0 ? `${d.distance} later` : `${-d.distance} earlier`})`;
    case 'reason':
      return `${d.live.from} → ${d.live.to} at step ${d.live.step}: reason ${d.live.reason} live, ${d.candidate.reason} in the candidate`;
  }
}

function expectBlock(handoffs: readonly HandoffBrief[]): string[] {
  if (handoffs.length === 0) return ['#   handoffs: none'];
  return [
    '#   handoffs:',
    ...handoffs.map((h) =>
      h.step < 0
        ? `#     # ${h.from} → ${h.to} came before the first step and cannot be labelled`
        : `#     - { from: ${h.from}, to: ${h.to}, at: ${h.step}${h.reason && REASON.test(h.reason) ? `, reason: ${h.reason}` : ''} }`,
    ),
  ];
}

/** Reasons a label accepts (snake_case codes); others are left out of the ready-made blocks. */
const REASON = /^[a-z][a-z0-9_]*$/;

function scalar(value: string): string {
  return stringify(value, { lineWidth: 0 }).trimEnd();
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** A step rule as the YAML flow value a case's `trace.steps` takes. */
function stepRuleYaml(rule: TraceStepsConfig): string {
  return typeof rule === 'string'
    ? rule
    : `{ attribute: ${JSON.stringify(rule.attribute)}, first: ${rule.first} }`;
}
