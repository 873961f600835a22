/**
 * Does a sentence that asks something request a fact from the listener, or only mention it?
 *
 * The rule: find the word that governs the fact's phrase — walking back from the phrase over
 * articles and possessives ("the", "your"), one describing word after them ("the claimed
 * amount"), "me"/"us", a copula and a preposition, and over an earlier item joined by "and"/"or"
 * ("the order number and the amount"). The sentence requests the fact when that word is
 * - a question word asking about the fact itself ("what is your order number", "which amount"),
 * - a verb of giving whose doer is the listener: "could you tell/send/confirm…", imperative
 *   "please provide…", "send me…", "let me know…",
 * - the asker's stated need ("I need your…", "we will need the…"), or the asker asking to have
 *   it ("can I have…", "may I know…"), or "do you have/know your…",
 * or when nothing governs it and it ends the sentence ("And the amount?", "Your order number,
 * please?"). A phrasing that is itself a question ("how much") requests the fact wherever it
 * stands. The fact is only mentioned when anything else governs it — the asker offering ("should
 * I send the amount"), another verb ("have you received", "go back to"), a condition ("let me know
 * if the amount…"), a noun ("check your statement for the amount") — or when it is another one
 * ("another", "a different", "a new", "a separate" order number).
 */

import { normalText } from './normal-text.ts';

const QUESTION_WORDS = new Set(['what', 'whats', 'which']);
/** Verbs whose doer hands the thing over: a request when the listener is the doer. */
const GIVING = new Set([
  ...['tell', 'give', 'send', 'provide', 'share', 'confirm', 'enter', 'type', 'repeat', 'spell'],
  ...['state', 'supply', 'remind', 'verify', 'check', 'include', 'add', 'write', 'forward'],
  ...['paste', 'resend', 'reply', 'know'],
]);
/** Verbs whose doer receives the thing: a request when the asker needs it or asks to have it. */
const NEEDING = new Set(['need', 'require']);
const HAVING = new Set(['have', 'get', 'know', 'see', 'ask', 'take']);
const GOVERNING = new Set([...QUESTION_WORDS, ...GIVING, ...NEEDING, ...HAVING]);

const DETERMINERS = new Set(['the', 'your', 'my', 'our', 'its', 'this', 'that', 'a', 'an']);
const PASSED_OVER = new Set([
  ...DETERMINERS,
  ...['me', 'us', 'is', 'was', 'are', 'were', 's', 'be', 'for', 'of', 'about', 'with'],
  ...['also', 'again', 'please', 'just', 'exactly', 'still'],
]);
/** A fact named with one of these before it is a different one than the fact given. */
const ANOTHER = new Set(['another', 'other', 'different', 'new', 'separate', 'second', 'more']);
const AND_OR = new Set(['and', 'or']);
/** Words between a verb and its doer: "could you please send", "I will need", "can I have",
 * "could you double-check". */
const AUXILIARIES = new Set([
  ...['can', 'could', 'would', 'will', 'may', 'might', 'should', 'shall', 'must', 'do', 'does'],
  ...['did', 'll', 'd', 'also', 'just', 'please', 'kindly', 'first', 'quickly', 'still', 'now'],
  ...['then', 'again', 'maybe', 'perhaps', 'possibly', 'really', 'simply', 'double'],
]);
const MODALS = new Set(['can', 'could', 'may', 'might']);
/** Words that open a clause before an imperative: "And send me…", "Great, please confirm…". */
const OPENERS = new Set([
  ...['and', 'so', 'ok', 'okay', 'but', 'then', 'now', 'first', 'next', 'also', 'great'],
  ...['thanks', 'sure', 'alright', 'right', 'lastly', 'finally', 'oh', 'hi', 'hello', 'yes'],
]);
const TRAILING = new Set(['please', 'again', 'too']);
const INTERROGATIVE = /^(how|what|which|when|where|who|whose)\b/;

/** Does the asking `sentence` request what `phrase` names from the listener? (See above.) */
export function asksFor(sentence: string, phrase: string): boolean {
  const p = normalText(phrase);
  if (p === '') return false;
  const words = normalText(sentence).split(' ');
  const wanted = p.split(' ');
  for (let at = 0; at + wanted.length <= words.length; at++) {
    if (!wanted.every((w, k) => words[at + k] === w)) continue;
    if (INTERROGATIVE.test(p)) return true;
    // "another order number" is a different one; "the order number's status" is about something else.
    if (ANOTHER.has(words[at - 1] ?? '') || words[at + wanted.length] === 's') continue;
    const g = governor(words, at);
    if (g === undefined) {
      if (words.slice(at + wanted.length).every((w) => TRAILING.has(w))) return true;
    } else if (requests(words, g)) return true;
  }
  return false;
}

/** Where the word governing the phrase at `at` stands, or undefined when nothing does. */
function governor(words: readonly string[], at: number): number | undefined {
  let j = at - 1;
  const before = words[j - 1] ?? '';
  if (j >= 1 && !GOVERNING.has(words[j] as string) && DETERMINERS.has(before)) j -= 1;
  let joined = false;
  while (j >= 0) {
    const w = words[j] as string;
    if (PASSED_OVER.has(w)) j -= 1;
    else if (AND_OR.has(w) && !joined) {
      // The phrase shares the governor of the item before "and": pass over that item.
      joined = true;
      j -= 1;
      for (let n = 0; n < 4 && j >= 0 && !GOVERNING.has(words[j] as string); n++) j -= 1;
    } else return j;
  }
  return undefined;
}

/** Does the governing word at `g` make a request of the listener? */
function requests(words: readonly string[], g: number): boolean {
  const w = words[g] as string;
  if (QUESTION_WORDS.has(w)) return true;
  const { who, aux } = doer(words, g);
  if (GIVING.has(w) && who === 'listener') return true;
  if (NEEDING.has(w)) return who === 'asker';
  if (HAVING.has(w))
    return (
      (who === 'asker' && [...aux].some((a) => MODALS.has(a))) ||
      (who === 'listener' && (aux.has('do') || aux.has('does')))
    );
  return false;
}

type Doer = 'asker' | 'listener' | 'unknown';

/** Who does the verb at `g`, and the auxiliaries around its subject ("can I", "do you"). */
function doer(words: readonly string[], g: number): { who: Doer; aux: Set<string> } {
  const aux = new Set<string>();
  let k = g - 1;
  for (; k >= 0 && AUXILIARIES.has(words[k] as string); k--) aux.add(words[k] as string);
  for (let m = k - 1; m >= 0 && AUXILIARIES.has(words[m] as string); m--)
    aux.add(words[m] as string);
  const w = words[k];
  if (w === 'you') return { who: 'listener', aux };
  if (w === 'i' || w === 'we') return { who: 'asker', aux };
  if (w === 'to' && words[k - 1] === 'you') return { who: 'listener', aux };
  if ((w === 'me' || w === 'us') && words[k - 1] === 'let')
    return { who: words[g] === 'know' ? 'listener' : 'asker', aux };
  const imperative = w === undefined || OPENERS.has(w) || aux.has('please') || aux.has('kindly');
  return { who: imperative ? 'listener' : 'unknown', aux };
}
