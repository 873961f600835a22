/** One line of a text: where it starts and what it holds (without its line break). */
export interface TextLine {
  readonly start: number;
  readonly text: string;
}

/** The line that holds `offset`. */
export function lineAt(text: string, offset: number): TextLine {
  const at = Math.max(0, Math.min(offset, text.length));
  const start = text.lastIndexOf('\n', at - 1) + 1;
  const end = text.indexOf('\n', at);
  return { start, text: withoutBreak(text.slice(start, end === -1 ? text.length : end)) };
}

/** Lines a hint looks through, above or below an error: a hint is no reason to read a file twice. */
const MAX_LINES = 1000;

/** The nearest line above `line` that holds YAML (not blank, not a comment), in its document. */
export function contentAbove(text: string, line: TextLine): TextLine | undefined {
  for (let start = line.start, n = 0; start > 0 && n < MAX_LINES; n++) {
    const above = lineAt(text, start - 1);
    if (isDocumentMarker(above.text)) return undefined;
    if (holdsYaml(above.text)) return above;
    start = above.start;
  }
  return undefined;
}

/** The nearest line below `line` that holds YAML, within its document. */
export function contentBelow(text: string, line: TextLine): TextLine | undefined {
  for (let end = text.indexOf('\n', line.start), n = 0; end !== -1 && n < MAX_LINES; n++) {
    const below = lineAt(text, end + 1);
    if (isDocumentMarker(below.text)) return undefined;
    if (holdsYaml(below.text)) return below;
    end = text.indexOf('\n', below.start);
  }
  return undefined;
}

/** Spaces before the first character (0-based: the column of that character, less one). */
export function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}

/** Where a line's key starts (0-based), past any `- ` sequence indicators: `  - from: a` → 4. */
export function keyColumn(line: string): number {
  const match = /^[ \t]*(?:-[ \t]+)*/.exec(line);
  return match?.[0].length ?? 0;
}

/** The key written at `column` of a line (`from` in `- from: a`), else the text up to a space. */
export function keyAt(line: string, column: number): string {
  const rest = line.slice(column);
  const colon = /^(.+?):(?:\s|$)/.exec(rest);
  return colon?.[1] ?? rest.split(/\s/, 1)[0] ?? '';
}

/**
 * The column (0-based) of the keys a line at `column` was meant to line up with: of the key
 * columns above it (the line above's, then each shallower one), the nearest deeper than
 * `column` (the mapping the parser was reading it into), else the line above's.
 */
export function keysColumnAbove(text: string, line: TextLine, column: number): number | undefined {
  const levels: number[] = [];
  for (const above of linesAbove(text, line)) {
    // A line with no key of a block mapping (`- { from: a }`, `- text`) sets no key column.
    if (!holdsBlockKey(above.text)) continue;
    const level = keyColumn(above.text);
    if (levels.length === 0 || level < (levels.at(-1) as number)) levels.push(level);
    if (level === 0) break;
  }
  const deeper = levels.filter((level) => level > column);
  return deeper.at(-1) ?? levels[0];
}

/** True when the line writes a key of a block mapping (`key:`, `- key: v`), not a flow or a value. */
function holdsBlockKey(line: string): boolean {
  const rest = line.slice(keyColumn(line));
  return /^(?:"[^"]*"|'[^']*'|[^\s{}[\],#&*!|>'"%@`][^#]*?):(?:\s|$)/.test(rest);
}

/** The column (0-based) of the nearest `-` item above the line, if any. */
export function itemColumnAbove(text: string, line: TextLine): number | undefined {
  for (const above of linesAbove(text, line)) {
    if (above.text.trimStart().startsWith('-')) return indentOf(above.text);
  }
  return undefined;
}

/** The lines holding YAML above `line`, nearest first, at most MAX_LINES of them. */
function* linesAbove(text: string, line: TextLine): Generator<TextLine> {
  let n = 0;
  for (
    let above = contentAbove(text, line);
    above && n < MAX_LINES;
    above = contentAbove(text, above)
  ) {
    n++;
    yield above;
  }
}

function holdsYaml(line: string): boolean {
  const trimmed = line.trim();
  return trimmed !== '' && !trimmed.startsWith('#');
}

function isDocumentMarker(line: string): boolean {
  return /^(?:---|\.\.\.)(?:\s|$)/.test(line);
}

function withoutBreak(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
