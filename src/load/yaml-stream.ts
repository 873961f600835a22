/**
 * One document of a YAML stream: its text is at `[from, to)`, starting on line `line` of the
 * file. `marked` when its `---` line holds content (`--- |`, `--- !tag`, `--- {…}`): the text
 * then starts at the marker, and only the full parser reads it.
 */
export interface StreamDocument {
  readonly from: number;
  readonly to: number;
  readonly line: number;
  readonly marked: boolean;
}

/** A file's text or its bytes (UTF-8): the markers and line breaks are ASCII either way. */
export type StreamText = string | Uint8Array;

const NL = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;

/**
 * The documents of a YAML stream that hold something (blank and comment-only documents are no
 * case), or undefined when the stream needs the full parser as a whole: directives (`%YAML`),
 * which reach across documents, content after a `...`, a byte-order mark or a lone carriage
 * return (a line break to one parser and not the other).
 *
 * A document ends at every `---` or `...` at the start of a line followed by a blank or the end
 * of the line: so does the full parser's, inside a block scalar, a quoted string or a flow
 * collection too (where it is an error in the document before, and the caller reads the stream
 * as a whole).
 */
export function splitYamlStream(text: StreamText): StreamDocument[] | undefined {
  const code = codeOf(text);
  // A byte-order mark: UTF-8's, or UTF-16's, whose bytes are not UTF-8 at all.
  const bom = typeof text === 'string' ? code(0) === 0xfeff : [0xef, 0xfe, 0xff].includes(code(0));
  if (bom || hasLoneCr(text, code)) return undefined;
  const out: StreamDocument[] = [];
  let doc = { from: 0, line: 1, marked: false, content: false };
  let line = 1;
  for (let start = 0; start <= text.length; line++) {
    const eol = find(text, NL, start);
    const end = eol === -1 ? text.length : eol;
    const first = code(start);
    if (first === 0x25) return undefined; // %
    if (isMarker(code, start, first)) {
      if (doc.marked || doc.content)
        out.push({ from: doc.from, to: start, line: doc.line, marked: doc.marked });
      const marked = !bareRest(code, start + 3, end);
      if (marked && first === 0x2e) return undefined;
      doc = marked
        ? { from: start, line, marked, content: true }
        : { from: end + 1, line: line + 1, marked, content: false };
    } else if (!doc.content) doc.content = hasContent(code, start, end);
    if (eol === -1) break;
    start = eol + 1;
  }
  if (doc.marked || doc.content)
    out.push({ from: doc.from, to: text.length, line: doc.line, marked: doc.marked });
  return out;
}

/** `---` or `...` followed by a blank, a line break or the end of the text. */
function isMarker(code: (i: number) => number, at: number, first: number): boolean {
  if (first !== 0x2d && first !== 0x2e) return false;
  if (code(at + 1) !== first || code(at + 2) !== first) return false;
  const next = code(at + 3);
  return Number.isNaN(next) || next === SPACE || next === TAB || next === NL || next === CR;
}

/** Nothing but blanks and a comment from `from` to the end of the line. */
function bareRest(code: (i: number) => number, from: number, end: number): boolean {
  let i = from;
  while (i < end && (code(i) === SPACE || code(i) === TAB)) i++;
  return i >= end || code(i) === HASH || (code(i) === CR && i === end - 1);
}

/** Something besides blanks and a comment on the line. */
function hasContent(code: (i: number) => number, from: number, end: number): boolean {
  let i = from;
  while (i < end && (code(i) === SPACE || code(i) === TAB)) i++;
  return i < end && code(i) !== HASH && !(code(i) === CR && i === end - 1);
}

function codeOf(text: StreamText): (i: number) => number {
  return typeof text === 'string' ? (i) => text.charCodeAt(i) : (i) => text[i] ?? Number.NaN;
}

/** Where the next `c` (an ASCII code) is, from `from`; -1 when there is none. */
function find(text: StreamText, c: number, from: number): number {
  return typeof text === 'string'
    ? text.indexOf(String.fromCharCode(c), from)
    : text.indexOf(c, from);
}

function hasLoneCr(text: StreamText, code: (i: number) => number): boolean {
  for (let i = find(text, CR, 0); i !== -1; i = find(text, CR, i + 1))
    if (code(i + 1) !== NL) return true;
  return false;
}

/** Counts the lines of a text once, when first asked (as the full parser does: `\n` ends one). */
export function lazyLineCount(text: StreamText): () => number {
  let count: number | undefined;
  return () => {
    if (count === undefined) {
      count = 1;
      for (let i = find(text, NL, 0); i !== -1; i = find(text, NL, i + 1)) count++;
    }
    return count;
  };
}
