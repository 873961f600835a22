import { askingSentences, spokenName } from '../model/asking.ts';
import { asksFor } from '../model/asks-for.ts';
import { holdsValue } from '../model/fact-words.ts';
import type { FindingData } from '../model/finding.ts';
import type { GivenFact } from '../model/labelled-case.ts';
import type { HandoffEvent, QuestionEvent } from '../model/timeline.ts';
import { defineCheck } from './check.ts';

/** Options of the re-ask check: the suite's `facts:` map, fact name → how people ask for it. */
export interface ReaskOptions {
  readonly facts?: Readonly<Record<string, readonly string[]>>;
}

/** How a question asked for a fact: by naming its field, or in a sentence that asks. */
type Asked = { readonly field: string } | { readonly sentence: string };

/**
 * handoff.reask: after work was handed to an agent (or person), it asks the customer or a person
 * for a fact an earlier step already gave. The facts and the step that gave them come from the
 * case's `carry` labels (model/given-facts.ts: a step whose text holds the value, or the
 * labelled handoff whose sender knew it); a question asks for one when its fields name it, or
 * when one of its asking sentences requests the fact's name in prose (`order id`) or a phrasing
 * from the suite's `facts:` map (`order number`) from the listener (model/asks-for.ts), and the
 * message does not state the fact's value. One finding per fact, at the first re-ask.
 */
export const handoffReask = defineCheck<ReaskOptions>({
  name: 'handoff-reask',
  opportunities: (_timeline, labels) => ({ 'handoff.reask': labels.facts?.length ?? 0 }),
  run(timeline, labels, options) {
    const given = labels.facts ?? [];
    if (given.length === 0) return [];
    const received = new Map<string, HandoffEvent>();
    const reported = new Set<string>();
    const findings: FindingData[] = [];
    for (const e of timeline.events) {
      if (e.kind === 'handoff' && !received.has(e.to)) received.set(e.to, e);
      if (e.kind !== 'question') continue;
      const handoff = received.get(e.by);
      if (handoff === undefined) continue;
      for (const fact of given) {
        if (reported.has(fact.name) || fact.step > e.step) continue;
        const asked = askedFor(e, fact, options.facts?.[fact.name] ?? []);
        if (asked === undefined) continue;
        reported.add(fact.name);
        findings.push(reask(e, fact, handoff, asked));
      }
    }
    return findings;
  },
});

/**
 * How `q` asked for the fact, if it did: a field naming it, or an asking sentence that requests
 * it (model/asks-for.ts). A message that states the fact's value anywhere shows the asker has it
 * ("I have order A-1003 for 750 EUR, is that right?", "Merging PR 77 now. Do you need the PR
 * number in the release notes?"): its words ask nothing of it.
 */
function askedFor(
  q: QuestionEvent,
  fact: GivenFact,
  phrasings: readonly string[],
): Asked | undefined {
  const spoken = spokenName(fact.name);
  const field = q.fields.find((f) => f === fact.name || spokenName(f) === spoken);
  if (field !== undefined) return { field };
  if (q.text === undefined || holdsValue(q.text, String(fact.value))) return undefined;
  const phrases = [spoken, ...phrasings];
  const sentence = askingSentences(q.text).find((s) => phrases.some((p) => asksFor(s, p)));
  return sentence === undefined ? undefined : { sentence };
}

function reask(
  q: QuestionEvent,
  fact: GivenFact,
  handoff: HandoffEvent,
  asked: Asked,
): FindingData {
  return {
    check: 'handoff-reask',
    code: 'handoff.reask',
    outcome: 'fail',
    step: q.step,
    expected: { fact: fact.name, value: fact.value, givenAt: fact.step, source: fact.source },
    observed: {
      by: q.by,
      to: q.to,
      step: q.step,
      ...asked,
      handoff: { from: handoff.from, to: handoff.to, step: handoff.step },
    },
    spanIds: [handoff.spanId, q.spanId],
  };
}
