/**
 * How a fact's value is found in text, shared by the carry `contains` match and the re-ask
 * check's search for the step that gave a fact. Text is cut into tokens: runs of letters and
 * digits, joined into one token by a single `-` or `_` (`CLM-3003`, `order_id`) and, between
 * digits, by `.` or `,` (`1,500.00`). A value is found when its words are whole tokens of the
 * text, in order — so 300 is not in "CLM-3003", "CLM-300", "3000" or "1,300", and 750 is in
 * "€750", "750,00" and "750.00". Case and accents are ignored.
 */

/** A text as the words a value is matched against, and where its tokens start and end. */
export interface FactWords {
  readonly words: readonly string[];
  readonly starts: readonly boolean[];
  readonly ends: readonly boolean[];
}

const TOKEN = /[\p{L}\p{N}]+(?:(?:[-_‐]|(?<=\d)[.,](?=\d))[\p{L}\p{N}]+)*/gu;
const NUMBER = /^\d+(?:[.,]\d+)*$/;

/** The words of `text`: lower case, accents removed, numbers one way (`1,500.00` → `1500`). */
export function factWords(text: string): FactWords {
  const folded = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  const words: string[] = [];
  const starts: boolean[] = [];
  const ends: boolean[] = [];
  for (const [token] of folded.matchAll(TOKEN)) {
    const parts = token
      .split(/[-_‐]/)
      .flatMap((p) => (NUMBER.test(p) ? [numberWord(p)] : p.split(/[.,]/)));
    parts.forEach((p, i) => {
      words.push(p);
      starts.push(i === 0);
      ends.push(i === parts.length - 1);
    });
  }
  return { words, starts, ends };
}

/** Does `text` hold `value` as whole tokens? A value with no letter or digit is never found. */
export function holdsValue(text: FactWords | string, value: FactWords | string): boolean {
  const t = typeof text === 'string' ? factWords(text) : text;
  const v = (typeof value === 'string' ? factWords(value) : value).words;
  if (v.length === 0) return false;
  for (let i = 0; i + v.length <= t.words.length; i++) {
    if (!t.starts[i] || !t.ends[i + v.length - 1]) continue;
    if (v.every((w, j) => t.words[i + j] === w)) return true;
  }
  return false;
}

/**
 * A number written one way: thousands separators dropped, the decimal part without trailing
 * zeros. A single separator before exactly three digits groups thousands (`1,500`, `1.500`);
 * otherwise it is the decimal point (`750,00`, `19.5`). A shape that is neither (`1.2.3`) stays.
 */
function numberWord(text: string): string {
  const seps = text.replace(/\d+/g, '');
  if (seps === '') return text;
  const groups = text.split(/[.,]/);
  const head = groups[0] as string;
  const grouped = (g: readonly string[]) =>
    head.length <= 3 && !head.startsWith('0') && g.slice(1).every((x) => x.length === 3);
  if (new Set(seps).size === 1 && grouped(groups)) return groups.join('');
  const last = seps.at(-1);
  const before = seps.slice(0, -1);
  const whole = groups.slice(0, -1);
  const wholeOk =
    before === '' || (new Set(before).size === 1 && !before.includes(last ?? '') && grouped(whole));
  if (!wholeOk) return text;
  const fraction = (groups.at(-1) as string).replace(/0+$/, '');
  return fraction === '' ? whole.join('') : `${whole.join('')}.${fraction}`;
}

// Deep enough for any real envelope; a cycle or a pathological nesting stops here.
const MAX_DEPTH = 32;

/** Every string, number and boolean in a value, at any depth, and inside JSON-looking strings. */
export function valueTexts(value: unknown, depth = 0): string[] {
  if (depth > MAX_DEPTH) return [];
  if (typeof value === 'string') return [value, ...valueTexts(parsedJson(value), depth + 1)];
  if (typeof value === 'number' || typeof value === 'boolean') return [String(value)];
  if (value === null || typeof value !== 'object') return [];
  const items = Array.isArray(value) ? value : Object.values(value);
  return items.flatMap((item) => valueTexts(item, depth + 1));
}

/** The value a string holds when it is JSON text of an object, array or string; else undefined. */
function parsedJson(text: string): unknown {
  const start = text.trimStart()[0];
  if (start !== '{' && start !== '[' && start !== '"') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
