import { lastMemo } from '../last-memo.ts';
import type { PresetName, RecognitionRule, SpanRule } from '../model/recognition-rule.ts';
import { ruleBuilder } from './build-rule-event.ts';
import { agentNameOf } from './recognize-openinference.ts';
import type { Recognizer } from './recognizer.ts';
import { matcher } from './rule-places.ts';
import { type AgentNamer, PRESETS } from './rule-presets.ts';
import type { Acting, CompiledRule, RuleMatch } from './rule-types.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

/** Where a compiled rule came from: its place in the suite's `recognize:` list, or a preset. */
export interface RuleOrigin {
  readonly index: number;
  readonly preset?: PresetName;
  /** What the rule matches, for reports: `name "Delegate work to coworker"`. */
  readonly label: string;
}

/** A suite's recognition rules, compiled: presets expanded in place, first match wins. */
export interface CompiledRules {
  readonly origins: readonly RuleOrigin[];
  match(span: SpanRecord, index: SpanIndex): RuleMatch | undefined;
  /** The agent acting at a span, knowing the rules' call-like handoffs (whose receiver works inside). */
  acting(span: SpanRecord, index: SpanIndex): string | undefined;
  /** The rules as a plain recognizer, for `normalize`. */
  readonly recognizer: Recognizer;
}

/**
 * Compiles a suite's `recognize:` rules. A span matches a rule when its name (exact or /regex/)
 * and every listed attribute match; the rule then says where the handoff's target, sender,
 * payload and reason are, or a question's or an effect's fields. The first rule that matches wins.
 */
export function compileRules(rules: readonly RecognitionRule[]): CompiledRules {
  const origins: RuleOrigin[] = [];
  const compiled: CompiledRule[] = [];
  rules.forEach((rule, index) => {
    if ('preset' in rule) {
      for (const p of PRESETS[rule.preset]) {
        origins.push({ index, preset: rule.preset, label: p.label });
        compiled.push(compileRule(p.rule, p.agentName));
      }
      return;
    }
    origins.push({ index, label: describeRule(rule) });
    compiled.push(compileRule(rule));
  });
  const actors = lastMemo((_index: SpanIndex) => new Map<string, string | null>());
  const actingAt = (index: SpanIndex): Acting => {
    const cache = actors(index);
    return (span) => actingAgent(span, index, compiled, cache);
  };
  const match = (span: SpanRecord, index: SpanIndex): RuleMatch | undefined => {
    for (const [i, rule] of compiled.entries()) {
      if (!rule.applies(span)) continue;
      const found = rule.build(span, index, actingAt(index));
      if (found) return { rule: i, ...found };
    }
    return undefined;
  };
  return {
    origins,
    match,
    acting: (span, index) => actingAt(index)(span),
    recognizer: (span, index) => match(span, index)?.event,
  };
}

function compileRule(rule: SpanRule, agentName?: AgentNamer): CompiledRule {
  const name = rule.name === undefined ? undefined : matcher(rule.name);
  const attributes = (
    rule.attribute === undefined
      ? []
      : Array.isArray(rule.attribute)
        ? rule.attribute
        : [rule.attribute]
  ).map((a) => ({ key: a.key, match: matcher(a.value) }));
  const applies = (span: SpanRecord): boolean =>
    (name === undefined || name(span.name) !== null) &&
    attributes.every(({ key, match }) => {
      const value = span.attributes[key];
      return value !== undefined && match(String(value)) !== null;
    });
  return { applies, ...ruleBuilder(rule, name, agentName) };
}

/**
 * The agent acting at a span: the nearest agent span at or above it in any shape, or — when a
 * call-like handoff (a CrewAI delegation) encloses it first — that handoff's receiver.
 */
function actingAgent(
  span: SpanRecord,
  index: SpanIndex,
  rules: readonly CompiledRule[],
  cache: Map<string, string | null>,
): string | undefined {
  const cached = cache.get(span.spanId);
  if (cached !== undefined) return cached ?? undefined;
  let found: string | undefined;
  for (let s: SpanRecord | undefined = span; s && found === undefined; s = index.parent(s)) {
    found = agentNameOf(s, index) ?? (s === span ? undefined : receiverInside(s, index, rules));
  }
  cache.set(span.spanId, found ?? null);
  return found;
}

function receiverInside(
  span: SpanRecord,
  index: SpanIndex,
  rules: readonly CompiledRule[],
): string | undefined {
  const rule = rules.find((r) => r.applies(span));
  return rule?.inside?.(span, index);
}

function describeRule(rule: SpanRule): string {
  const parts: string[] = [];
  if (rule.name !== undefined) parts.push(`name ${JSON.stringify(rule.name)}`);
  const attrs =
    rule.attribute === undefined ? [] : [rule.attribute].flat().map((a) => `${a.key}=${a.value}`);
  if (attrs.length > 0) parts.push(`attribute ${attrs.join(', ')}`);
  return parts.join(' and ');
}

export type { ReturnFound, RuleMatch } from './rule-types.ts';
