/**
 * One document of a YAML stream: its text is `text.slice(from, to)`, starting on line `line` of
 * the file. `marked` when its `---` line holds content (`--- |`, `--- !tag`, `--- {…}`): the
 * text then starts at the marker, and only the full parser reads it.
 */
export interface StreamDocument {
  readonly from: number;
  readonly to: number;
  readonly line: number;
  readonly marked: boolean;
}

/**
 * A `---` or `...` at the start of a line, followed by a blank or the end of the line. The full
 * parser ends a document at every such line, inside a block scalar, a quoted string or a flow
 * collection too (where it is an error in the document before), so splitting here splits where
 * it does.
 */
const MARK = /^(?:---|\.\.\.)(?=[ \t\r\n]|$)/gm;
/** After a marker: nothing but blanks and a comment. */
const BARE_REST = /^[ \t]*(?:#[^\n]*)?\r?$/;
/** A line with something on it besides blanks and a comment. */
const CONTENT = /^[ \t]*[^ \t\r\n#]/gm;

/**
 * The documents of a YAML stream that hold something (blank and comment-only documents are no
 * case), or undefined when the stream needs the full parser as a whole: directives (`%YAML`),
 * which reach across documents, content after a `...`, a byte-order mark or a lone carriage
 * return (a line break to one parser and not the other).
 */
export function splitYamlStream(text: string): StreamDocument[] | undefined {
  if (/^%/m.test(text) || /\r(?!\n)|\uFEFF/.test(text)) return undefined;
  const out: StreamDocument[] = [];
  let from = 0;
  let line = 1;
  let counted = 0;
  let marked = false;
  const lineOf = (offset: number): number => {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < offset; i = text.indexOf('\n', i + 1))
      line++;
    counted = offset;
    return line;
  };
  const push = (to: number): void => {
    if (marked || hasContent(text, from, to)) out.push({ from, to, line: lineOf(from), marked });
  };
  MARK.lastIndex = 0;
  for (let m = MARK.exec(text); m !== null; m = MARK.exec(text)) {
    push(m.index);
    const eol = text.indexOf('\n', m.index);
    const next = eol === -1 ? text.length : eol + 1;
    const rest = text.slice(m.index + 3, eol === -1 ? text.length : eol);
    marked = !BARE_REST.test(rest);
    if (marked && m[0] === '...') return undefined;
    from = marked ? m.index : next;
    MARK.lastIndex = next;
  }
  push(text.length);
  return out;
}

function hasContent(text: string, from: number, to: number): boolean {
  if (from >= to) return false;
  CONTENT.lastIndex = from;
  const m = CONTENT.exec(text);
  return m !== null && m.index < to;
}
