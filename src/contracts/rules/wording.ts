/**
 * Words for contract issues: what a value is, how big it is, how old. Kept apart from the logic
 * that finds issues so the wording can be read and pinned in tests in one place.
 */

const SHORT_TEXT = 40;

/** `1204` → `1,204`; other numbers as JavaScript prints them. */
export function formatCount(n: number): string {
  if (!Number.isInteger(n) || Math.abs(n) >= 1e21) return String(n);
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** `1 item`, `3 items`, `1,204 characters`. */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : nouns}`;
}

/** What a value is, for `received`: `"docs/plan.md"`, `an empty array`, `no field`. */
export function describeValue(value: unknown, absent = 'no field'): string {
  if (value === undefined) return absent;
  if (value === null) return 'null';
  if (typeof value === 'string') return describeText(value);
  if (Array.isArray(value)) return describeSize(value);
  if (typeof value === 'object')
    return Object.keys(value).length === 0 ? 'an empty object' : 'an object';
  if (typeof value === 'bigint') return `the big integer ${value}`;
  if (typeof value === 'function' || typeof value === 'symbol') return `a ${typeof value}`;
  return String(value);
}

/** How big a value is, for `received` of a size bound: `a string of 1,204 characters`. */
export function describeSize(value: unknown): string {
  if (typeof value === 'string') {
    if (value === '') return 'an empty string';
    const lines = value.split('\n').length;
    const over = lines > 1 ? ` over ${plural(lines, 'line')}` : '';
    return `a string of ${plural(value.length, 'character')}${over}`;
  }
  if (Array.isArray(value)) {
    return value.length === 0 ? 'an empty array' : `an array of ${plural(value.length, 'item')}`;
  }
  return describeValue(value);
}

const DAY = 86_400_000;
const UNITS: readonly (readonly [number, string])[] = [
  [3_600_000, 'h'],
  [60_000, 'min'],
  [1000, 's'],
  [1, 'ms'],
];

/**
 * `3 days 4 h`, `24 h 1 s`, `40 min`: the two largest parts, rounded down, so an age just over a
 * cap never reads as the cap itself.
 */
export function formatDuration(ms: number): string {
  let rest = Math.abs(ms);
  // Days only from two on: "36 h" reads better than "1 day 12 h" next to a 24 h cap.
  const units = rest >= 2 * DAY ? [[DAY, 'days'] as const, ...UNITS] : UNITS;
  const parts: string[] = [];
  for (const [size, unit] of units) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${formatCount(n)} ${unit}`);
  }
  return parts.length === 0 ? '0 ms' : parts.slice(0, 2).join(' ');
}

function describeText(text: string): string {
  if (text === '') return 'an empty string';
  if (text.length > SHORT_TEXT || text.includes('\n')) return describeSize(text);
  return JSON.stringify(text);
}
