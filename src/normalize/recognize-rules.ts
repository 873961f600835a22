import type { RecognitionRule } from '../model/adapter-config.ts';
import type { TimelineEvent } from '../model/timeline.ts';
import { compileSafe, type SafeMatch } from '../safe-regex.ts';
import { parseJson } from './attrs.ts';
import { handoffFrom } from './lazy-handoff.ts';
import { nearestAgent } from './recognize-openinference.ts';
import type { Recognizer } from './recognizer.ts';
import type { SpanRecord } from './span-record.ts';

type Locate = (span: SpanRecord) => unknown;
type Match = (text: string) => SafeMatch | null;

interface CompiledRule {
  readonly name: Match | undefined;
  readonly attribute: { readonly key: string; readonly match: Match } | undefined;
  readonly to: Locate;
  readonly from: Locate | undefined;
  readonly payload: Locate | undefined;
  readonly reason: Locate | undefined;
}

/**
 * A recognizer from a suite's `recognize:` rules: a span whose name (exact or /regex/) and
 * attribute match is a handoff whose target, sender, payload and reason are found where the rule
 * says — `attr:<key>`, `json:<key>:<dotted.path>` (a path into an attribute's JSON), `name:<regex>`
 * (group 1 of a regex on the span name) or `name` (group 1 of the rule's own name regex). The
 * sender defaults to the nearest agent above the span; `reason` may also be a literal code.
 * The first rule that matches wins.
 */
export function ruleRecognizer(rules: readonly RecognitionRule[]): Recognizer {
  const compiled = rules.map(compileRule);
  return (span, index): TimelineEvent | undefined => {
    for (const rule of compiled) {
      if (rule.name && !rule.name(span.name)) continue;
      if (rule.attribute) {
        const value = span.attributes[rule.attribute.key];
        if (value === undefined || !rule.attribute.match(String(value))) continue;
      }
      const to = text(rule.to(span));
      const from = rule.from ? text(rule.from(span)) : nearestAgent(span, index);
      if (to === undefined || from === undefined) continue;
      return handoffFrom(span, index, {
        from,
        to,
        reason: rule.reason ? text(rule.reason(span)) : undefined,
        raw: rule.payload?.(span),
      });
    }
    return undefined;
  };
}

function compileRule(rule: RecognitionRule): CompiledRule {
  const name = rule.name === undefined ? undefined : matcher(rule.name);
  const { handoff } = rule;
  return {
    name,
    attribute: rule.attribute && { key: rule.attribute.key, match: matcher(rule.attribute.value) },
    to: locator(handoff.to, name),
    from: handoff.from === undefined ? undefined : locator(handoff.from, name),
    payload: handoff.payload === undefined ? undefined : locator(handoff.payload, name),
    reason: handoff.reason === undefined ? undefined : locator(handoff.reason, name, true),
  };
}

const REGEX = /^\/(.*)\/([a-z]*)$/s;

/** `/regex/flags` as a regex; any other text must match exactly. */
export function matcher(pattern: string): Match {
  const re = REGEX.exec(pattern);
  if (re) {
    const regex = compileSafe(re[1] ?? '', re[2]);
    return (t) => regex.exec(t);
  }
  return (t) => (t === pattern ? [t] : null);
}

function locator(spec: string, ruleName: Match | undefined, literal = false): Locate {
  if (spec.startsWith('attr:')) {
    const key = spec.slice(5);
    return (s) => s.attributes[key];
  }
  if (spec.startsWith('json:')) {
    const [key = '', ...path] = spec.slice(5).split(':');
    const steps = path.join(':').split('.').filter(Boolean);
    return (s) => {
      const raw = s.attributes[key];
      return at(typeof raw === 'string' ? parseJson(raw) : raw, steps);
    };
  }
  if (spec === 'name') return (s) => group(ruleName?.(s.name));
  if (spec.startsWith('name:')) {
    const regex = compileSafe(spec.slice(5));
    return (s) => group(regex.exec(s.name));
  }
  if (literal) return () => spec;
  throw new Error(
    `unknown locator "${spec}": use attr:<key>, json:<key>:<path>, name or name:<regex>`,
  );
}

function group(m: SafeMatch | null | undefined): string | undefined {
  return m ? (m[1] ?? m[0]) : undefined;
}

function at(value: unknown, path: readonly string[]): unknown {
  let v = value;
  for (const step of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<string, unknown>)[step];
  }
  return v;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}
