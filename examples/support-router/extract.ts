import type { FactName, Intent } from './policy.ts';

/** What the router knows about the customer's request; handed on in every payload. */
export type Facts = Partial<Record<FactName, string | number>>;

// Order ids look like A-1001; quote ids (Q-4410) share the shape, so Q is kept for quotes.
const ORDER_ID = /\b(?!Q-)[A-Z]-\d{3,6}\b/;
const QUOTE_ID = /\bQ-\d{3,6}\b/;
const NUMBER = String.raw`(\d[\d,]*(?:\.\d{1,2})?)`;
const AMOUNT_AFTER_SYMBOL = new RegExp(String.raw`(€|\$|£|\b(?:EUR|USD|GBP)\s?)${NUMBER}`, 'i');
const AMOUNT_BEFORE_WORD = new RegExp(
  String.raw`${NUMBER}\s?(€|\$|£|(?:euros?|eur|dollars?|usd|pounds?|gbp)\b)`,
  'i',
);
const CURRENCIES: Readonly<Record<string, string>> = {
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  $: 'USD',
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  '£': 'GBP',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
};

/** Order id, quote id and amount (with currency) mentioned in a customer message. */
export function factsInText(text: string): Facts {
  const facts: Facts = {};
  const order = ORDER_ID.exec(text)?.[0];
  if (order !== undefined) facts.order_id = order;
  const quote = QUOTE_ID.exec(text)?.[0];
  if (quote !== undefined) facts.quote_id = quote;
  const before = AMOUNT_AFTER_SYMBOL.exec(text);
  const after = before ? undefined : AMOUNT_BEFORE_WORD.exec(text);
  const [symbol, figure] = before ? [before[1], before[2]] : [after?.[2], after?.[1]];
  if (symbol !== undefined && figure !== undefined) {
    facts.amount = Number(figure.replaceAll(',', ''));
    facts.currency = CURRENCIES[symbol.trim().toLowerCase()] ?? symbol.trim().toUpperCase();
  }
  return facts;
}

/** The facts a tool result names under their own keys, e.g. `{ order_id, amount }`. */
export function factsInRecord(result: unknown): Facts {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return {};
  const facts: Facts = {};
  for (const [key, value] of Object.entries(result)) {
    if (isFactName(key) && (typeof value === 'string' || typeof value === 'number')) {
      facts[key] = value;
    }
  }
  return facts;
}

function isFactName(key: string): key is FactName {
  return key === 'order_id' || key === 'amount' || key === 'currency' || key === 'quote_id';
}

/** Whether the text contains one of the phrases at the start of a word, ignoring case. */
export function mentions(text: string, phrases: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return phrases.some((p) =>
    new RegExp(String.raw`\b${escapeRegExp(p.toLowerCase())}`).test(lower),
  );
}

/** The first intent (in policy order) the text mentions; `follows` intents need their context. */
export function intentOf(
  text: string,
  intents: readonly Intent[],
  current: string | undefined,
): Intent | undefined {
  return intents.find(
    (i) => (i.follows === undefined || i.follows === current) && mentions(text, i.phrases),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
