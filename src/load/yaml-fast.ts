import { FAILSAFE_SCHEMA, load, type State, Type } from 'js-yaml';
import { share } from './intern.ts';
import type { DataPath } from './load-result.ts';
import { MAX_YAML_DEPTH } from './yaml-depth.ts';
import type { Position, YamlSource } from './yaml-document.ts';

/**
 * The plain scalars of the YAML 1.2 core schema, resolved exactly as the `yaml` package (the full
 * parser) resolves them: `yes`/`no`, `0777`, `1_000`, `0b1` and dates stay strings.
 */
const core = [
  scalar('null', /^(?:~|[Nn]ull|NULL)?$/, () => null, '~nN'),
  scalar('bool', /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/, (s) => s[0] === 't' || s[0] === 'T', 'tTfF'),
  scalar('int', /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/, integer, '-+0123456789'),
  // Tried after int, so a float here has a point or an exponent, or is .inf / .nan.
  scalar(
    'float',
    /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    float,
    '-+.0123456789',
  ),
];
export const schema = FAILSAFE_SCHEMA.extend({ implicit: core });

/**
 * One type a tag: the parser keeps only the last of several types with the same tag. Every
 * plain scalar is tried against each type: a text whose first character (`starts`) no match can
 * begin with is refused before its pattern runs. The empty text is tried as null.
 */
function scalar(
  name: string,
  test: RegExp,
  construct: (text: string) => unknown,
  starts: string,
): Type {
  const first = new Set([...starts].map((c) => c.charCodeAt(0)));
  return new Type(`tag:yaml.org,2002:${name}`, {
    kind: 'scalar',
    resolve: (text: unknown) =>
      typeof text === 'string' &&
      (text === '' ? name === 'null' : first.has(text.charCodeAt(0)) && test.test(text)),
    construct,
  });
}

function integer(text: string): number {
  if (text.startsWith('0o')) return Number.parseInt(text.slice(2), 8);
  if (text.startsWith('0x')) return Number.parseInt(text.slice(2), 16);
  return Number.parseInt(text, 10);
}

function float(text: string): number {
  if (/[0-9]/.test(text)) return Number.parseFloat(text);
  if (text.endsWith('nan') || text.endsWith('NaN') || text.endsWith('NAN')) return Number.NaN;
  return text[0] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
}

/**
 * A node as the parser closed it: where it starts and ends, and its value. A mapping keeps its
 * pairs (key node, value node), a sequence its items, so that a path finds its place.
 */
interface Node {
  readonly start: number;
  readonly end: number;
  readonly kind: string | null;
  readonly result: unknown;
  readonly pairs?: readonly Node[];
  readonly items?: readonly Node[];
}

const NO_KIDS: readonly Node[] = [];

/** Keys longer than this go to the full parser, which limits implicit keys to 1024 characters. */
const MAX_KEY_SPAN = 1000;

/**
 * Parses plain YAML quickly (js-yaml, about ten times faster than the full parser), with the
 * start of every node, for a file that holds one document of plain data. Returns undefined for
 * anything it does not take on — a syntax error, tags, anchors and aliases, directives, non-string
 * keys, lone carriage returns — so the caller parses that file with the full parser
 * (`parseYaml`) and says what it says. Positions are found only for data that parsed here.
 * With a `pool`, its strings are shared as they are read (as `internStrings` shares them).
 */
export function parseYamlFast(
  text: string,
  file: string,
  within?: WithinFile,
  pool?: Map<string, string>,
): YamlSource | undefined {
  // A tab among a line's leading spaces is indentation to the full parser, which refuses it
  // where a value may start (`key:` then a line of a tab): this parser takes it as blank.
  if (/^(?:%|---|\.\.\.| *\t)/m.test(text) || /\r(?!\n)|\uFEFF/.test(text)) return undefined;
  // A block scalar with its indentation given (`|2-`): the two parsers read its blank lines
  // differently.
  if (/[\s:-][|>](?:[1-9][-+]?|[-+][1-9])[ \t]*(?:#.*)?$/m.test(text)) return undefined;
  // A `#` right after a token (`}#`) is an error to the full parser, a comment to this one.
  const hashes = tightHashes(text);
  const scalars: Node[] = [];
  const opened: number[] = [];
  const kidsOf: (Node[] | undefined)[] = [];
  let root: Node | undefined;
  let plain = true;
  const listener = (event: 'open' | 'close', state: State): void => {
    if (event === 'open') {
      opened.push(state.position);
      kidsOf.push(undefined);
      return;
    }
    const from = opened.pop() as number;
    const kids = kidsOf.pop() ?? NO_KIDS;
    if (!plain) return;
    // The parser stores `state.result` once its listener has seen it. Keys (a `:` follows)
    // become property names, which the engine keeps one copy of already.
    if (pool !== undefined && typeof state.result === 'string' && !isKey(text, state.position))
      state.result = share(state.result, pool);
    const node = close(text, from, kids, state);
    if (node === undefined) {
      plain = false;
      return;
    }
    if (hashes.length > 0 && node.kind === 'scalar') scalars.push(node);
    const parent = kidsOf.length - 1;
    if (parent < 0) root = node;
    else {
      const siblings = kidsOf[parent];
      if (siblings === undefined) kidsOf[parent] = [node];
      else siblings.push(node);
    }
  };
  let data: unknown;
  try {
    data = load(text, {
      schema,
      listener,
      maxDepth: MAX_YAML_DEPTH,
      onWarning: () => {
        plain = false;
      },
    } as Parameters<typeof load>[1]);
  } catch {
    return undefined;
  }
  if (!plain || root === undefined || root.result !== data) return undefined;
  // A case file holds a mapping; anything else fails validation and gets the full parser's words.
  if (typeof data !== 'object' || data === null) return undefined;
  if (!hashes.every((at) => scalars.some((n) => n.start <= at && at < n.end))) return undefined;
  return new PlacedSource(text, file, data, root, within);
}

/** Where a document of a stream sits in its file: the line its text starts on, the file's lines. */
export interface WithinFile {
  readonly firstLine: number;
  readonly lineCount: () => number;
}

/** A closed node, or undefined when it is not plain data with string keys. */
function close(text: string, from: number, kids: readonly Node[], state: State): Node | undefined {
  const kind = (state.kind as string | null) ?? null;
  const result: unknown = state.result;
  // An empty value is placed where it would have been written: after its indicator, on its line.
  const start = kind === null && result === null ? skipSpaces(text, from) : skipBlank(text, from);
  const end = state.position;
  // In a flow collection the parser opens an empty value past the line break after its `:`;
  // the full parser places it on the key's line. Rare enough to leave to the full parser.
  if (kind === null && result === null && breaksBefore(text, from)) return undefined;
  // `!tag`, `&anchor`, `*alias`: the full parser resolves these. An empty value's may stand on
  // the next line (`key:` then `  &a`), past where the value is placed.
  const lead = kind === null && result === null ? skipBlank(text, from) : start;
  const first = lead < end ? text.charCodeAt(lead) : -1;
  if (first === 0x21 || first === 0x26 || first === 0x2a) return undefined;
  // A comment less indented than the value under it, between the value and its key.
  if (lead > from && dedentedComment(text, from, lead)) return undefined;
  // A plain scalar over several lines: the full parser refuses some the parser folds.
  if (kind === 'scalar' && isPlainStart(first) && lineBreakWithin(text, lead, end))
    return undefined;
  // A block scalar that opens with a blank line: the full parser refuses one more indented than
  // the text under it.
  if (kind === 'scalar' && !isPlainStart(first) && first > 0x27 && opensBlank(text, lead, end))
    return undefined;
  // A value on the line after its key is first tried as a key: the collection is the one child.
  if (kids.length === 1 && kids[0]?.result === result && typeof result === 'object') return kids[0];
  if (kind === 'mapping') {
    const pairs =
      isEmpty(kids[kids.length - 1]) && kids.length % 2 === 1 ? kids.slice(0, -1) : kids;
    return isPlainMapping(pairs, result as Record<string, unknown>)
      ? { start, end, kind, result, pairs }
      : undefined;
  }
  if (kind === 'sequence') {
    const list = result as unknown[];
    if (kids.length !== list.length) return undefined;
    for (let i = 0; i < kids.length; i++) {
      const kid = kids[i] as Node;
      if (!Object.is(kid.result, list[i])) return undefined;
      // A comment less indented than an item, between the item and its `-`: the parser has
      // skipped it before the item opens, so the check on the item's own blanks cannot see it.
      const dash = i === 0 ? start : skipBlank(text, (kids[i - 1] as Node).end);
      if (kid.start > dash + 1 && dedentedComment(text, dash + 1, kid.start)) return undefined;
    }
    return { start, end, kind, result, items: kids };
  }
  return { start, end, kind, result };
}

/** True when a comment in `from`..`to` starts left of the column of `to`. */
function dedentedComment(text: string, from: number, to: number): boolean {
  const hash = text.indexOf('#', from);
  if (hash === -1 || hash >= to) return false;
  const column = (at: number) => at - text.lastIndexOf('\n', at - 1) - 1;
  const node = column(to);
  for (let i = hash; i !== -1 && i < to; i = text.indexOf('#', i + 1))
    if (column(i) < node) return true;
  return false;
}

/** Not a quote or a block scalar's `|` / `>`: the first character of a plain scalar. */
function isPlainStart(c: number): boolean {
  return c !== 0x22 && c !== 0x27 && c !== 0x7c && c !== 0x3e;
}

/** True when the first line after a block scalar's header (at `from`) holds only spaces. */
function opensBlank(text: string, from: number, to: number): boolean {
  let i = text.indexOf('\n', from) + 1;
  if (i === 0 || i >= to) return false;
  while (text.charCodeAt(i) === 0x20) i++;
  const c = text.charCodeAt(i);
  return c === 0x0a || c === 0x0d || i >= text.length;
}

function lineBreakWithin(text: string, from: number, to: number): boolean {
  const at = text.indexOf('\n', from);
  return at !== -1 && at < to;
}

/** True when the blanks just before `at` hold a line break. */
function breaksBefore(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return true;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return false;
}

function isEmpty(node: Node | undefined): boolean {
  return node !== undefined && node.kind === null && node.result === null;
}

/** Every pair the parser stored, under a string key, and no other. */
function isPlainMapping(pairs: readonly Node[], map: Record<string, unknown>): boolean {
  if (pairs.length % 2 === 1) return false;
  let count = 0;
  for (const _ in map) count++;
  if (count !== pairs.length / 2) return false;
  for (let i = 0; i < pairs.length; i += 2) {
    const key = pairs[i] as Node;
    const name = key.result;
    if (key.kind !== 'scalar' || typeof name !== 'string' || name === '__proto__') return false;
    if (key.end - key.start > MAX_KEY_SPAN) return false;
    if (!Object.hasOwn(map, name) || !Object.is(map[name], pairs[i + 1]?.result)) return false;
  }
  return true;
}

/** Offsets of `#` written right after something other than a space or a line break. */
function tightHashes(text: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf('#', 1); i !== -1; i = text.indexOf('#', i + 1))
    if (!isBlank(text.charCodeAt(i - 1))) out.push(i);
  return out;
}

/** Skips spaces, line breaks and comments: where the parser's next node really starts. */
function skipBlank(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
    else if (c === 0x23 && (i === 0 || isBlank(text.charCodeAt(i - 1)))) {
      while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
    } else return i;
  }
}

function isKey(text: string, end: number): boolean {
  return text.charCodeAt(skipSpaces(text, end)) === 0x3a;
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09) i++;
  return i;
}

function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/**
 * A source over the parsed nodes. A class, not an object literal with a getter: each such
 * literal gets a hidden class of its own, kept in the old generation, and through it the whole
 * text and node tree would outlive every minor collection.
 */
class PlacedSource implements YamlSource {
  private starts: number[] | undefined;

  constructor(
    private readonly text: string,
    readonly file: string,
    readonly data: unknown,
    private readonly root: Node,
    private readonly within: WithinFile | undefined,
  ) {}

  get lineCount(): number {
    return this.within ? this.within.lineCount() : this.lineStarts().length;
  }

  locate(path: DataPath): Position {
    for (let n = path.length; n >= 0; n--) {
      const node = nodeAt(this.root, path, n);
      if (node !== undefined) return this.at(node.start);
    }
    return { line: 1, column: 1 };
  }

  locateKey(path: DataPath): Position {
    const parent = path.length === 0 ? undefined : nodeAt(this.root, path, path.length - 1);
    const key = parent && keyNode(parent, path[path.length - 1]);
    return key === undefined ? this.locate(path) : this.at(key.start);
  }

  private at(offset: number): Position {
    const starts = this.lineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    const line = lo + (this.within?.firstLine ?? 1);
    return { line, column: offset - (starts[lo] as number) + 1 };
  }

  private lineStarts(): number[] {
    this.starts ??= lineStarts(this.text);
    return this.starts;
  }
}

/** The node at the first `length` segments of `path`. */
function nodeAt(root: Node, path: DataPath, length: number): Node | undefined {
  let node: Node | undefined = root;
  for (let i = 0; i < length && node !== undefined; i++) {
    const segment = path[i];
    if (node.items) node = typeof segment === 'number' ? node.items[segment] : undefined;
    else node = valueNode(node, segment);
  }
  return node;
}

/** The key written for `segment` (named as the full parser names it: `String(segment)`). */
function keyNode(map: Node, segment: string | number | undefined): Node | undefined {
  const pairs = map.pairs;
  if (pairs === undefined || segment === undefined) return undefined;
  const name = String(segment);
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i]?.result === name) return pairs[i];
  return undefined;
}

function valueNode(map: Node, segment: string | number | undefined): Node | undefined {
  const pairs = map.pairs;
  if (pairs === undefined || typeof segment !== 'string') return undefined;
  for (let i = 0; i < pairs.length; i += 2) if (pairs[i]?.result === segment) return pairs[i + 1];
  return undefined;
}

/** Offsets where lines start, as the full parser counts them (a line break is `\n`). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
