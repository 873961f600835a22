/**
 * Reading what a reply asks for, in plain text. Shared by the normalisers (is an agent's reply
 * a question?), the adapters and the re-ask check (which fact does it ask for?). A sentence asks
 * when it ends with `?`, opens as a request ("please send…", "could you…", "tell me…") or
 * states a need of the asker ("I will need your order number"); which fact it asks for is
 * model/asks-for.ts.
 */

import { normalText } from './normal-text.ts';

const REQUEST_OPENING =
  /^(please|kindly|could|can|would|will|may|provide|share|send|give|tell|confirm|enter|type|reply|let me know|what|which)\b/;

/** A stated need of the asker is a request too: "I need your order number to proceed." */
const NEED_STATEMENT =
  /\b(i|we)( (will|would|ll|d|do|really|still|also|just|first|then|now))* (need|require) (your|the|some|a|an|you)\b/;

/** The sentences of `text` that ask something, as written. */
export function askingSentences(text: string): string[] {
  const sentences = text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim());
  return sentences.filter((s) => {
    const words = normalText(s);
    return s.endsWith('?') || REQUEST_OPENING.test(words) || NEED_STATEMENT.test(words);
  });
}

/** True when some sentence of `text` asks something. */
export function asksSomething(text: string): boolean {
  return askingSentences(text).length > 0;
}

/** Does `sentence` mention `phrase`, as whole words, ignoring case and punctuation? */
export function mentions(sentence: string, phrase: string): boolean {
  const p = normalText(phrase);
  return p !== '' && ` ${normalText(sentence)} `.includes(` ${p} `);
}

/** How a fact's name reads in prose: `order_id` → `order id`, `customer.email` → `customer email`. */
export function spokenName(fact: string): string {
  return normalText(fact.replace(/([a-z])([A-Z])/g, '$1 $2'));
}
