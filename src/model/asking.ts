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

/**
 * Words that, a few words before a phrase, make an asking sentence ask for what the phrase names:
 * a question word ("what is the order number", "which invoice") or a verb of asking for
 * something ("could you send me your order number", "can I have the amount").
 */
const ASKS_FOR = new Set([
  ...['what', 'whats', 'which', 'ask', 'tell', 'send', 'give', 'provide', 'share', 'confirm'],
  ...['enter', 'type', 'need', 'have', 'get', 'know', 'check', 'verify', 'repeat', 'spell'],
  ...['state', 'supply', 'include', 'add', 'remind', 'let'],
]);

/** Words read back from the phrase: "the", "your", "me", a word between verb and thing asked. */
const REACH = 5;

/**
 * Does the asking `sentence` ask for what `phrase` names, rather than only mention it? It does
 * when the phrase comes within a few words after a question word or a verb of asking ("What is
 * the claimed amount?", "Could you tell me your order number?"), or ends the sentence ("And the
 * amount?", "Your order number, please?"). "Would you like the amount back on your card or as
 * store credit?" mentions the amount and asks something else.
 */
export function asksFor(sentence: string, phrase: string): boolean {
  const p = normalText(phrase);
  if (p === '') return false;
  const words = normalText(sentence).split(' ');
  const wanted = p.split(' ');
  for (let at = 0; at + wanted.length <= words.length; at++) {
    if (!wanted.every((w, k) => words[at + k] === w)) continue;
    const after = words.slice(at + wanted.length);
    if (after.every((w) => w === 'please')) return true;
    for (let j = Math.max(0, at - REACH); j < at; j++)
      if (ASKS_FOR.has(words[j] as string)) return true;
  }
  return false;
}

/** How a fact's name reads in prose: `order_id` → `order id`, `customer.email` → `customer email`. */
export function spokenName(fact: string): string {
  return normalText(fact.replace(/([a-z])([A-Z])/g, '$1 $2'));
}
