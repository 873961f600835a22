/**
 * Reading what a reply asks for, in plain text. Shared by the normalisers (is an agent's reply
 * a question?), the adapters and the re-ask check (which fact does it ask for?). A sentence asks
 * when it ends with `?` or opens as a request ("please send…", "could you…", "tell me…").
 */

const REQUEST_OPENING =
  /^(please|kindly|could|can|would|will|may|provide|share|send|give|tell|confirm|enter|type|reply|let me know|what|which)\b/;

/** Lower case, punctuation and separators as single spaces: `Order-ID?` → `order id`. */
export function normalText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The sentences of `text` that ask something, as written. */
export function askingSentences(text: string): string[] {
  const sentences = text.split(/(?<=[.!?])\s+|\n+/).map((s) => s.trim());
  return sentences.filter((s) => s.endsWith('?') || REQUEST_OPENING.test(normalText(s)));
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
