import type { Place, SpanRule } from '../model/recognition-rule.ts';
import type { EffectEvent, QuestionEvent } from '../model/timeline.ts';
import { handoffFrom } from './lazy-handoff.ts';
import { eventBase } from './recognizer.ts';
import { type Locate, locate, locateOrLiteral, type Match, text, textList } from './rule-places.ts';
import type { AgentNamer } from './rule-presets.ts';
import type { CompiledRule, ReturnFound, RuleBuild } from './rule-types.ts';
import type { SpanIndex } from './span-index.ts';
import type { SpanRecord } from './span-record.ts';

type Builder = Pick<CompiledRule, 'build' | 'inside'>;
type Name = (span: SpanRecord, index: SpanIndex) => string | undefined;

const OUTCOMES = ['committed', 'failed', 'blocked'] as const;

/** What a compiled rule builds from a matching span: a handoff, a question or an effect. */
export function ruleBuilder(
  rule: SpanRule,
  ruleName: Match | undefined,
  namer?: AgentNamer,
): Builder {
  const place = (p: Place | undefined): Locate | undefined =>
    p === undefined ? undefined : locate(p, ruleName);
  const who = (p: Place | undefined): Name | undefined => {
    const at = place(p);
    if (!at) return undefined;
    return (span, index) => {
      const raw = text(at(span));
      return raw === undefined || !namer ? raw : namer(raw, span, index);
    };
  };
  if ('handoff' in rule) return handoffBuilder(rule.handoff, place, who, ruleName);
  if ('question' in rule) return questionBuilder(rule.question, place, who);
  return effectBuilder(rule.effect, place, who, ruleName);
}

function handoffBuilder(
  h: Extract<SpanRule, { handoff: unknown }>['handoff'],
  place: (p: Place | undefined) => Locate | undefined,
  who: (p: Place | undefined) => Name | undefined,
  ruleName: Match | undefined,
): Builder {
  const to = who(h.to) as Name;
  const from = who(h.from);
  const payload = place(h.payload);
  const reason = h.reason === undefined ? undefined : locateOrLiteral(h.reason, ruleName);
  const answer =
    typeof h.returns === 'object' || typeof h.returns === 'string' ? place(h.returns) : undefined;
  return {
    build(span, index, acting) {
      const target = to(span, index);
      const sender = from?.(span, index) ?? acting(span);
      if (target === undefined || sender === undefined) return undefined;
      const event = handoffFrom(span, index, {
        from: sender,
        to: target,
        reason: reason ? text(reason(span)) : undefined,
        raw: payload?.(span),
      });
      if (h.returns === undefined) return { event };
      return { event, actor: target, returned: back(span, target, sender, answer) };
    },
    ...(h.returns !== undefined && { inside: (span, index) => to(span, index) }),
  };
}

function questionBuilder(
  q: Extract<SpanRule, { question: unknown }>['question'],
  place: (p: Place | undefined) => Locate | undefined,
  who: (p: Place | undefined) => Name | undefined,
): Builder {
  const to = who(q.to);
  const by = who(q.by);
  const fields = place(q.fields);
  const answer =
    typeof q.returns === 'object' || typeof q.returns === 'string' ? place(q.returns) : undefined;
  return {
    build(span, index, acting) {
      const asker = by?.(span, index) ?? acting(span);
      if (asker === undefined) return undefined;
      const asked = to?.(span, index) ?? 'customer';
      const event: QuestionEvent = {
        kind: 'question',
        ...eventBase(span, index),
        by: asker,
        to: asked,
        fields: fields ? textList(fields(span)) : [],
      };
      if (q.returns === undefined) return { event };
      return { event, returned: back(span, asked, asker, answer) };
    },
  };
}

function effectBuilder(
  e: Extract<SpanRule, { effect: unknown }>['effect'],
  place: (p: Place | undefined) => Locate | undefined,
  who: (p: Place | undefined) => Name | undefined,
  ruleName: Match | undefined,
): Builder {
  const name = locateOrLiteral(e.name, ruleName);
  const key = place(e.key) as Locate;
  const agentOf = who(e.agent);
  const ownerOf = who(e.owner);
  const outcomeOf = place(e.outcome);
  return {
    build(span, index, acting) {
      const effect = text(name(span));
      const id = text(key(span));
      const said = outcomeOf ? text(outcomeOf(span)) : undefined;
      // Without an outcome place, a span that ended in error (the payments API timed out) is a
      // failed attempt, so the retry that succeeds is the one commit.
      const outcome =
        said === undefined
          ? span.status === 'error'
            ? 'failed'
            : 'committed'
          : OUTCOMES.find((o) => o === said);
      if (effect === undefined || id === undefined || outcome === undefined) return undefined;
      const agent = agentOf?.(span, index) ?? acting(span);
      const owner = ownerOf?.(span, index);
      const event: EffectEvent = {
        kind: 'effect',
        ...eventBase(span, index),
        effect,
        key: id,
        outcome,
        via: 'span',
        ...(agent !== undefined && { agent }),
        ...(owner !== undefined && { owner }),
      };
      return { event } satisfies RuleBuild;
    },
  };
}

function back(span: SpanRecord, by: string, to: string, answer: Locate | undefined): ReturnFound {
  const value = answer?.(span);
  return { by, to, at: span.end, ...(value !== undefined && { answer: value }) };
}
