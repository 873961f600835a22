import { ATTR, EVENT } from '../../conventions/attributes.ts';
import { handoff, nameOf } from './handoff-attrs.ts';
import type { MappingRules } from './options.ts';
import { clip, type PlannedSpan } from './planned-span.ts';
import { dataString, type SdkSpanRecord } from './sdk-span.ts';

type ById = ReadonlyMap<string, SdkSpanRecord>;

/**
 * Agents used as tools (`agent.asTool()`, the manager pattern): a function span with an agent run
 * inside it is a delegation that is a call. The caller hands the sub-agent the work and keeps the
 * conversation; the sub-agent answers when the call ends. Baton reads it as a handoff caller →
 * sub-agent when the call starts (payload: the tool's input — the text the sub-agent is given,
 * for the SDK's default `{ input }` — and that text, as a user message, as its history) and a return sub-agent →
 * caller with the tool's output when it ends. The function span stays the caller's tool call.
 * For the default `{ input }` the payload is the text itself, so `carry` finds the facts written
 * in it (a free-text payload carries a fact when its text contains the value).
 */
export function delegationSpans(
  ordered: readonly SdkSpanRecord[],
  byId: ById,
  rules: MappingRules,
): PlannedSpan[] {
  return agentToolCalls(ordered, byId).flatMap(({ call, agent }) => {
    const callerName = callerOf(call, byId);
    const subName = dataString(agent.data, 'name');
    if (callerName === undefined || subName === undefined || call.error) return [];
    const from = nameOf(callerName, rules);
    const to = nameOf(subName, rules);
    const tool = dataString(call.data, 'name') ?? '?';
    const input = dataString(call.data, 'input');
    const given = givenText(input);
    const output = dataString(call.data, 'output');
    const id = `${call.spanId}:delegation`;
    const parent = call.parentId !== null && byId.has(call.parentId) ? call.parentId : undefined;
    const under = parent === undefined ? {} : { parentId: parent };
    const handoffSpan: PlannedSpan = {
      id,
      ...under,
      name: `handoff ${from} -> ${to} (${tool}, a call)`,
      start: call.start,
      end: call.start,
      attributes: {
        ...handoff(from, to, 'agent', given ?? input),
        ...(given !== undefined && {
          [ATTR.handoffHistory]: JSON.stringify([{ role: 'user', content: given }]),
        }),
      },
    };
    const end = Math.max(call.end, call.start);
    const returnSpan: PlannedSpan = {
      id: `${call.spanId}:return`,
      ...under,
      name: `return ${to} -> ${from} (${tool})`,
      start: end,
      end,
      attributes: {
        [ATTR.event]: EVENT.return,
        [ATTR.returnBy]: to,
        [ATTR.returnTo]: from,
        [ATTR.returnOf]: id,
        ...(output !== undefined && output !== '' && { [ATTR.returnAnswer]: clip(output) }),
      },
    };
    return [handoffSpan, returnSpan];
  });
}

/** Each function span whose nearest agent span below it is a run of its own (an agent tool). */
function agentToolCalls(
  ordered: readonly SdkSpanRecord[],
  byId: ById,
): { call: SdkSpanRecord; agent: SdkSpanRecord }[] {
  const found = new Map<string, { call: SdkSpanRecord; agent: SdkSpanRecord }>();
  for (const agent of ordered) {
    if (agent.data.type !== 'agent') continue;
    const call = enclosing(agent, byId);
    if (call !== undefined && !found.has(call.spanId)) found.set(call.spanId, { call, agent });
  }
  return [...found.values()];
}

/** The function span an agent span runs inside, with no other agent span between them. */
function enclosing(agent: SdkSpanRecord, byId: ById): SdkSpanRecord | undefined {
  for (let r = parentOf(agent, byId); r; r = parentOf(r, byId)) {
    if (r.data.type === 'agent') return undefined;
    if (r.data.type === 'function') return r;
  }
  return undefined;
}

/** The SDK name of the agent that made the call: its nearest agent span. */
function callerOf(call: SdkSpanRecord, byId: ById): string | undefined {
  for (let r = parentOf(call, byId); r; r = parentOf(r, byId)) {
    if (r.data.type === 'agent') return dataString(r.data, 'name');
  }
  return undefined;
}

/** The text a sub-agent is given: the SDK's default agent tool takes `{ input }`. */
function givenText(input: string | undefined): string | undefined {
  if (input === undefined) return undefined;
  try {
    const parsed = JSON.parse(input) as { input?: unknown };
    return typeof parsed?.input === 'string' ? parsed.input : undefined;
  } catch {
    return input;
  }
}

function parentOf(r: SdkSpanRecord, byId: ById): SdkSpanRecord | undefined {
  return r.parentId === null ? undefined : byId.get(r.parentId);
}
