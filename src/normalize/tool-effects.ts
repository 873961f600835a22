import type { ToolEffectRule } from '../model/effects-config.ts';
import type { EffectEvent, Timeline, TimelineEvent, ToolCallEvent } from '../model/timeline.ts';

/**
 * Adds an effect event after each tool call that a suite's `effects.tools` rule names: the call of
 * `rule.tool` commits `rule.effect` (a failed call: failed), by the agent that called, with the
 * identity key read from its arguments. A pure step after normalisation, so every span shape that
 * yields tool calls (Baton's, GenAI, OpenInference, Agents SDK, LangGraph) gets tool effects alike.
 * The first rule naming a tool wins.
 */
export function withToolEffects(timeline: Timeline, rules: readonly ToolEffectRule[]): Timeline {
  if (rules.length === 0) return timeline;
  const byTool = new Map<string, ToolEffectRule>();
  for (const rule of rules) if (!byTool.has(rule.tool)) byTool.set(rule.tool, rule);
  const events: TimelineEvent[] = [];
  let added = false;
  for (const e of timeline.events) {
    events.push(e);
    const rule = e.kind === 'tool_call' ? byTool.get(e.tool) : undefined;
    if (rule === undefined || e.kind !== 'tool_call') continue;
    events.push(toolEffect(e, rule));
    added = true;
  }
  return added ? { events } : timeline;
}

function toolEffect(call: ToolCallEvent, rule: ToolEffectRule): EffectEvent {
  return {
    kind: 'effect',
    step: call.step,
    at: call.at,
    spanId: call.spanId,
    effect: rule.effect ?? rule.tool,
    key: effectKey(call.args, rule.key),
    outcome: call.outcome === 'error' ? 'failed' : 'committed',
    via: 'tool',
    ...(call.outcome === undefined && { unsure: true as const }),
    ...(call.agent !== undefined && { agent: call.agent }),
    ...(rule.owner !== undefined && { owner: rule.owner }),
    ...(call.sideBySide !== undefined && { sideBySide: call.sideBySide }),
  };
}

/**
 * The identity key of an effect from its tool arguments: the value at the dotted `path`, or,
 * without a path, the first argument named `id` or ending in `_id`. `?` when there is none, so
 * the effect is still counted (under an unknown key) rather than dropped.
 */
export function effectKey(args: unknown, path?: string): string {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) return '?';
  const record = args as Record<string, unknown>;
  const value = path === undefined ? firstId(record) : at(record, path);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '?';
}

function at(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function firstId(args: Record<string, unknown>): unknown {
  const name = Object.keys(args).find((k) => k === 'id' || k.endsWith('_id'));
  return name === undefined ? undefined : args[name];
}
