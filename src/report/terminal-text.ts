/**
 * Characters a terminal acts on instead of showing: C0 and C1 controls (ESC starts colour,
 * cursor, clear-screen and OSC clipboard sequences; CR overwrites a line), DEL, and the Unicode
 * bidirectional overrides that reorder what is shown.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** Text from a case, a trace or an implementation, made inert for a terminal: controls shown as `\xNN`. */
export function terminalText(text: string, keepNewlines = false): string {
  return text.replace(UNSAFE, (c) =>
    keepNewlines && c === '\n' ? c : (NAMED[c] ?? escapeCode(c.charCodeAt(0))),
  );
}

/** Messages may run over lines (the console indents every line of them); nothing else may. */
const MULTILINE_KEYS: ReadonlySet<string> = new Set(['message']);

function escapeCode(code: number): string {
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * A copy of `value` with every string (keys too) passed through `terminalText`. Iterative, so
 * deeply nested payloads in a report cannot exhaust the stack; shared objects are copied once.
 */
export function terminalSafe<T>(value: T): T {
  if (typeof value === 'string') return terminalText(value) as T;
  if (typeof value !== 'object' || value === null) return value;
  const copies = new Map<object, unknown>();
  const root = shell(value as object);
  copies.set(value as object, root);
  const stack: [object, Record<string, unknown>][] = [[value as object, root]];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    for (const [key, child] of Object.entries(from)) {
      const safeKey = Array.isArray(from) ? key : terminalText(key);
      if (typeof child === 'string') to[safeKey] = terminalText(child, MULTILINE_KEYS.has(key));
      else if (typeof child !== 'object' || child === null) to[safeKey] = child;
      else {
        let copy = copies.get(child) as Record<string, unknown> | undefined;
        if (copy === undefined) {
          copy = shell(child);
          copies.set(child, copy);
          stack.push([child, copy]);
        }
        to[safeKey] = copy;
      }
    }
  }
  return root as T;
}

function shell(value: object): Record<string, unknown> {
  return (Array.isArray(value) ? new Array(value.length) : {}) as Record<string, unknown>;
}
