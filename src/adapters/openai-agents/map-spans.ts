import { ATTR, EVENT } from '../../conventions/attributes.ts';
import type { AttrValue } from '../../normalize/span-record.ts';
import { delegationSpans } from './agent-tools.ts';
import { handoff, nameOf } from './handoff-attrs.ts';
import type { HandoffCall } from './handoff-calls.ts';
import type { MappingRules } from './options.ts';
import { clip, type PlannedSpan, SDK_ATTR } from './planned-span.ts';
import { type AgentStart, receivedInputs } from './received-input.ts';
import { dataString, type SdkSpanRecord } from './sdk-span.ts';

export { handoff, nameOf } from './handoff-attrs.ts';

type Attrs = Record<string, AttrValue>;

/** What mapping one span may look up: its agent, its handoff payload, the rules. */
interface Lookup {
  readonly rules: MappingRules;
  /** The SDK name of the agent a span runs under (its nearest agent span). */
  agentOf(record: SdkSpanRecord): string | undefined;
  /** The arguments of the handoff a handoff span carried out. */
  payloadOf(record: SdkSpanRecord): string | undefined;
  /** The conversation the receiver of a handoff span started from (JSON text). */
  historyOf(record: SdkSpanRecord): string | undefined;
}

/**
 * Maps the SDK spans of one turn into the spans Baton records, in Baton's conventions
 * (docs/conventions.md): agent spans become agent turns, handoff spans become handoffs carrying
 * the handoff tool's arguments as payload and the conversation the receiver started from as
 * history, calls of escalation tools become handoffs to a person.
 * Every other span is kept as a plain span so the tree stays whole; a function span keeps the
 * tool's name and arguments, which the normaliser reads as a tool call. Spans whose SDK parent is not in the turn go directly under the step span.
 */
export function mapSdkSpans(
  records: readonly SdkSpanRecord[],
  calls: readonly HandoffCall[],
  rules: MappingRules,
  starts: readonly AgentStart[] = [],
): PlannedSpan[] {
  const byId = new Map(records.map((r) => [r.spanId, r]));
  const ordered = [...records].sort((a, b) => a.start - b.start || depth(a, byId) - depth(b, byId));
  const payloads = assignPayloads(ordered, calls);
  const histories = receivedInputs(carriedOut(ordered), starts);
  const lookup: Lookup = {
    rules,
    agentOf: (r) => nearestAgent(r, byId),
    payloadOf: (r) => payloads.get(r.spanId),
    historyOf: (r) => histories.get(r.spanId),
  };
  const mapped = ordered.map((record): PlannedSpan => {
    const parent = record.parentId !== null && byId.has(record.parentId) ? record.parentId : null;
    const mapped = mapOne(record, lookup);
    return {
      id: record.spanId,
      ...(parent !== null && { parentId: parent }),
      name: mapped.name,
      start: record.start,
      end: Math.max(record.end, record.start),
      attributes: {
        [SDK_ATTR.spanType]: record.data.type,
        [SDK_ATTR.spanId]: record.spanId,
        ...mapped.attributes,
        ...(record.error && { [SDK_ATTR.error]: record.error.message }),
      },
      ...(record.error && !movedOthersIgnored(record) && { error: record.error.message }),
    };
  });
  // Agents used as tools: the call's handoff and return, after the spans they sit under.
  return [...mapped, ...delegationSpans(ordered, byId, rules)];
}

function mapOne(r: SdkSpanRecord, lookup: Lookup): { name: string; attributes: Attrs } {
  switch (r.data.type) {
    case 'agent':
      return agentSpan(r, lookup.rules);
    case 'handoff':
      return handoffSpan(r, lookup);
    case 'function':
      return functionSpan(r, lookup);
    case 'custom':
      return customSpan(r);
    default:
      return plainSpan(r);
  }
}

function agentSpan(r: SdkSpanRecord, rules: MappingRules): { name: string; attributes: Attrs } {
  const sdkName = dataString(r.data, 'name') ?? '?';
  const agent = nameOf(sdkName, rules);
  return {
    name: `agent ${agent}`,
    attributes: { [ATTR.event]: EVENT.agent, [ATTR.agent]: agent, [SDK_ATTR.name]: sdkName },
  };
}

function handoffSpan(r: SdkSpanRecord, lookup: Lookup): { name: string; attributes: Attrs } {
  const from = dataString(r.data, 'from_agent');
  const to = dataString(r.data, 'to_agent');
  const sdk: Attrs = {
    ...(from !== undefined && { [SDK_ATTR.fromAgent]: from }),
    ...(to !== undefined && { [SDK_ATTR.toAgent]: to }),
  };
  // A refused handoff (arguments that failed the inputType) never moved the work.
  if (from === undefined || to === undefined || refused(r)) {
    return { name: `handoff ${from ?? '?'} (not carried out)`, attributes: sdk };
  }
  const requested = movedOthersIgnored(r);
  if (requested !== undefined) sdk[SDK_ATTR.requestedAgents] = JSON.stringify(requested);
  const sender = nameOf(from, lookup.rules);
  const receiver = nameOf(to, lookup.rules);
  const attributes = handoff(sender, receiver, 'agent', lookup.payloadOf(r));
  const history = lookup.historyOf(r);
  if (history !== undefined) attributes[ATTR.handoffHistory] = history;
  return { name: `handoff ${sender} -> ${receiver}`, attributes: { ...attributes, ...sdk } };
}

function functionSpan(r: SdkSpanRecord, lookup: Lookup): { name: string; attributes: Attrs } {
  const tool = dataString(r.data, 'name') ?? '?';
  const input = dataString(r.data, 'input');
  const output = dataString(r.data, 'output');
  const sdk: Attrs = {
    [SDK_ATTR.name]: tool,
    ...(input !== undefined && input !== '' && { [SDK_ATTR.input]: clip(input) }),
    ...(output !== undefined && output !== '' && { [SDK_ATTR.output]: clip(output) }),
  };
  const person = lookup.rules.escalations.get(tool);
  const agent = lookup.agentOf(r);
  if (person !== undefined && agent !== undefined && !r.error) {
    const from = nameOf(agent, lookup.rules);
    return {
      name: `handoff ${from} -> ${person} (${tool})`,
      attributes: { ...handoff(from, person, 'person', input), ...sdk },
    };
  }
  return { name: `function ${tool}`, attributes: sdk };
}

/** A custom span may speak Baton's conventions: its `baton.*` data become attributes. */
function customSpan(r: SdkSpanRecord): { name: string; attributes: Attrs } {
  const name = dataString(r.data, 'name') ?? 'custom';
  const data = r.data.data;
  const attributes: Attrs = { [SDK_ATTR.name]: name };
  if (data !== null && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) {
      if (key.startsWith('baton.') && isAttrValue(value)) attributes[key] = value;
    }
  }
  return { name: `custom ${name}`, attributes };
}

function plainSpan(r: SdkSpanRecord): { name: string; attributes: Attrs } {
  const label =
    dataString(r.data, 'name') ??
    dataString(r.data, 'agent_name') ??
    dataString(r.data, 'model') ??
    dataString(r.data, 'response_id');
  const model = dataString(r.data, 'model');
  const responseId = dataString(r.data, 'response_id');
  return {
    name: label === undefined ? r.data.type : `${r.data.type} ${label}`,
    attributes: {
      ...(label !== undefined && { [SDK_ATTR.name]: label }),
      ...(model !== undefined && { [SDK_ATTR.model]: model }),
      ...(responseId !== undefined && { [SDK_ATTR.responseId]: responseId }),
    },
  };
}

/** Pairs carried-out handoff spans with the run's handoff calls, in order, by sender and receiver. */
function assignPayloads(
  ordered: readonly SdkSpanRecord[],
  calls: readonly HandoffCall[],
): Map<string, string> {
  const unused = [...calls];
  const out = new Map<string, string>();
  for (const r of ordered) {
    if (r.data.type !== 'handoff' || refused(r)) continue;
    const from = dataString(r.data, 'from_agent');
    const to = dataString(r.data, 'to_agent');
    const i = unused.findIndex((c) =>
      (c.offers ?? [c]).some((route) => route.from === from && route.to === to),
    );
    if (i < 0) continue;
    const [call] = unused.splice(i, 1);
    if (call?.args !== undefined) out.set(r.spanId, call.args);
  }
  return out;
}

/** The handoff spans that moved the work, in order, with their SDK receiver. */
function carriedOut(ordered: readonly SdkSpanRecord[]): { id: string; to: string }[] {
  return ordered.flatMap((r) => {
    const to = dataString(r.data, 'to_agent');
    return r.data.type === 'handoff' && !refused(r) && to !== undefined
      ? [{ id: r.spanId, to }]
      : [];
  });
}

function nearestAgent(
  record: SdkSpanRecord,
  byId: ReadonlyMap<string, SdkSpanRecord>,
): string | undefined {
  for (let r: SdkSpanRecord | undefined = record; r; r = parentOf(r, byId)) {
    if (r.data.type === 'agent') return dataString(r.data, 'name');
  }
  return undefined;
}

function depth(record: SdkSpanRecord, byId: ReadonlyMap<string, SdkSpanRecord>): number {
  let n = 0;
  for (let r = parentOf(record, byId); r; r = parentOf(r, byId)) n += 1;
  return n;
}

function parentOf(
  r: SdkSpanRecord,
  byId: ReadonlyMap<string, SdkSpanRecord>,
): SdkSpanRecord | undefined {
  return r.parentId === null ? undefined : byId.get(r.parentId);
}

function isAttrValue(value: unknown): value is AttrValue {
  const scalar = ['string', 'number', 'boolean'];
  if (scalar.includes(typeof value)) return true;
  return Array.isArray(value) && scalar.some((t) => value.every((v) => typeof v === t));
}

/** The SDK's mark on the handoff it carried out when one response asked for several. */
const MULTIPLE_HANDOFFS = 'Multiple handoffs requested';

/**
 * When one model response asked for several handoffs, the SDK carries out the first and marks its
 * span with an error naming every agent asked for: that handoff moved the work all the same.
 * Returns the agents asked for (SDK names) for such a span, else undefined.
 */
export function movedOthersIgnored(r: SdkSpanRecord): readonly string[] | undefined {
  if (r.data.type !== 'handoff' || r.error?.message !== MULTIPLE_HANDOFFS) return undefined;
  const asked = (r.error.data as { requested_agents?: unknown } | undefined)?.requested_agents;
  return Array.isArray(asked) ? asked.filter((a): a is string => typeof a === 'string') : [];
}

/** A handoff span whose error means the work did not move (arguments the inputType refused). */
export function refused(r: SdkSpanRecord): boolean {
  return r.error !== null && r.error !== undefined && movedOthersIgnored(r) === undefined;
}
