import type { Document, Node } from 'yaml';
import { fullYaml } from './full-yaml.ts';
import {
  contentBelow,
  indentOf,
  itemColumnAbove,
  keyAt,
  keyColumn,
  keysColumnAbove,
  lineAt,
} from './yaml-lines.ts';
import { yamlErrorFix, yamlSay } from './yaml-wording.ts';

/** What the parser said: its code, its words and where (an offset into the text). */
export interface YamlParserError {
  readonly code: string;
  readonly message: string;
  readonly offset: number;
}

/** Where to point a YAML syntax problem (an offset into the text) and how to fix it. */
export interface YamlHint {
  readonly offset: number;
  readonly fix: string;
}

/**
 * The fix for one YAML syntax error, chosen by what the parser said and what the lines around it
 * hold: the parser's codes are coarse (`MISSING_CHAR` is said of a misindented key and of an
 * unclosed quote alike). Points at the culprit when the parser names another place (an unclosed
 * quote is reported where the file ends, an over-indented key on the line above).
 */
export function yamlHint(
  error: YamlParserError,
  text: string,
  doc: Document,
  lineOf: (offset: number) => number,
): YamlHint {
  const at = { ...error, text, doc, lineOf };
  for (const rule of RULES) {
    const applies =
      typeof rule.when === 'string' ? rule.when === error.code : rule.when.test(error.message);
    const hint = applies ? rule.hint(at) : undefined;
    if (hint !== undefined) return hint;
  }
  return { offset: error.offset, fix: yamlErrorFix(error.code) };
}

interface ErrorAt extends YamlParserError {
  readonly text: string;
  readonly doc: Document;
  readonly lineOf: (offset: number) => number;
}

/**
 * The first rule that applies (by the parser's words, or its code) and finds a hint wins; the
 * fix by code alone is the last resort.
 */
const RULES: readonly {
  readonly when: RegExp | string;
  readonly hint: (at: ErrorAt) => YamlHint | undefined;
}[] = [
  { when: /^Missing closing ["']quote/, hint: (at) => unclosedQuote(at.offset, at.doc) },
  {
    when: /must (?:be sufficiently indented and )?end with a [\]}]/,
    hint: (at) => unclosedFlow(at.offset, at.doc, at.message.includes('in block collection')),
  },
  {
    when: /^(?:Sequence item without - indicator|All mapping items must start)/,
    hint: (at) => misalignedKey(at.text, at.offset),
  },
  {
    when: /^(?:All sequence items must start|A block sequence may not be used as an implicit)/,
    hint: (at) => misalignedItem(at.text, at.offset),
  },
  {
    when: 'BLOCK_AS_IMPLICIT_KEY',
    hint: (at) => colonInValue(at.text, at.offset) ?? overIndented(at.text, at.offset),
  },
  { when: 'MULTILINE_IMPLICIT_KEY', hint: (at) => keyOnTwoLines(at.text, at.offset) },
  { when: 'DUPLICATE_KEY', hint: (at) => duplicateKey(at.offset, at.doc, at.lineOf) },
  { when: /^Missing , (?:or : )?between/, hint: fixed(yamlSay.separateItems) },
  { when: /^Missing space after :/, hint: fixed(yamlSay.spaceAfterFlowColon) },
  { when: /^Comments must be separated/, hint: fixed(yamlSay.spaceBeforeComment) },
  { when: /^Implicit map keys need to be followed/, hint: fixed(yamlSay.needsValue) },
  { when: /^Unexpected flow-seq-end/, hint: fixed(yamlSay.extraClose(']')) },
  { when: /^Unexpected flow-map-end/, hint: fixed(yamlSay.extraClose('}')) },
  { when: /^Unexpected scalar at node end/, hint: fixed(yamlSay.afterValue) },
];

function fixed(fix: string): (at: ErrorAt) => YamlHint {
  return (at) => ({ offset: at.offset, fix });
}

/** An unclosed quote: pointed at where it opens, not at the end of the file where it was missed. */
function unclosedQuote(offset: number, doc: Document): YamlHint | undefined {
  const node = nodeEndingAt(
    doc,
    offset,
    (n) => fullYaml().isScalar(n) && /^QUOTE_/.test(String(n.type)),
  );
  if (node?.range === undefined || node.range === null) return undefined;
  const quote = (node as { type?: string }).type === 'QUOTE_SINGLE' ? "'" : '"';
  return { offset: node.range[0], fix: yamlSay.closeQuote(quote) };
}

/** A `[` or `{` never closed: pointed at where it opens. */
function unclosedFlow(offset: number, doc: Document, nested: boolean): YamlHint | undefined {
  const { isCollection, isSeq } = fullYaml();
  const node = nodeEndingAt(doc, offset, (n) => isCollection(n) && n.flow === true);
  if (node?.range === undefined || node.range === null) return undefined;
  const [open, close] = isSeq(node) ? ['[', ']'] : ['{', '}'];
  return { offset: node.range[0], fix: yamlSay.closeFlow(open, close, nested) };
}

/** A key indented other than its siblings: line it up with the keys above. */
function misalignedKey(text: string, offset: number): YamlHint | undefined {
  const line = lineAt(text, offset);
  const column = keyColumn(line.text);
  const target = keysColumnAbove(text, line, column);
  if (target === undefined || target === column) return undefined;
  return {
    offset: line.start + column,
    fix: yamlSay.lineUpKey(keyAt(line.text, column), target + 1),
  };
}

/** A `-` item indented other than the items above it. */
function misalignedItem(text: string, offset: number): YamlHint | undefined {
  const line = lineAt(text, offset);
  const column = indentOf(line.text);
  const target = itemColumnAbove(text, line);
  if (!line.text.trimStart().startsWith('-')) return undefined;
  if (target === undefined) return { offset: line.start + column, fix: yamlSay.itemWithoutKey };
  return { offset: line.start + column, fix: yamlSay.lineUpItem(target + 1) };
}

/** `title: refund: now`: the value holds `: `, which starts a mapping inside a plain value. */
function colonInValue(text: string, offset: number): YamlHint | undefined {
  const line = lineAt(text, offset);
  const value = line.text
    .slice(offset - line.start)
    .replace(/\s+#.*$/, '')
    .trim();
  if (!/:(?:\s|$)/.test(value)) return undefined;
  const quoted = value.includes('"') ? `'${value.replaceAll("'", "''")}'` : `"${value}"`;
  return { offset, fix: yamlSay.quoteValue(`\`${quoted}\``) };
}

/**
 * `b: 1` then a more indented `c: 2`: the parser reads `1 c: 2` as one value, and says so at the
 * `1`. The culprit is the next line: line its key up with the key of this one.
 */
function overIndented(text: string, offset: number): YamlHint | undefined {
  const line = lineAt(text, offset);
  const below = contentBelow(text, line);
  if (below === undefined) return undefined;
  const column = indentOf(below.text);
  const target = keyColumn(line.text);
  if (column <= target) return undefined;
  return {
    offset: below.start + column,
    fix: yamlSay.lineUpKey(keyAt(below.text, column), target + 1),
  };
}

/**
 * A line the parser took for a key running on to the next line: `id:x`, a bare word, or a `-`
 * item where keys are.
 */
function keyOnTwoLines(text: string, offset: number): YamlHint {
  const line = lineAt(text, offset);
  const written = line.text.trim();
  if (written.startsWith('-')) return { offset, fix: yamlSay.itemWithoutKey };
  if (/^[^\s:]+:\S/.test(written) && !/:\s/.test(written))
    return { offset, fix: yamlSay.spaceAfterColon(written) };
  return { offset, fix: yamlSay.notKeyValue(written) };
}

/** A key set twice in one mapping: name it and the line of its first use. */
function duplicateKey(
  offset: number,
  doc: Document,
  lineOf: (offset: number) => number,
): YamlHint | undefined {
  const { isMap, isScalar, visit } = fullYaml();
  let hint: YamlHint | undefined;
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return undefined;
      const keys = map.items.map((pair) => pair.key);
      const index = keys.findIndex((k) => isScalar(k) && k.range?.[0] === offset);
      if (index === -1) return undefined;
      const key = keys[index];
      const first = keys.find((k) => isScalar(k) && isScalar(key) && k.value === key.value);
      const start = isScalar(first) ? first.range?.[0] : undefined;
      if (!isScalar(key) || start === undefined) return visit.BREAK;
      hint = { offset, fix: yamlSay.duplicateKey(String(key.value), lineOf(start)) };
      return visit.BREAK;
    },
  });
  return hint;
}

/** The innermost node that `accepts` and ends exactly where the parser missed its end. */
function nodeEndingAt(
  doc: Document,
  offset: number,
  accepts: (node: Node) => boolean,
): Node | undefined {
  const { visit } = fullYaml();
  let found: Node | undefined;
  visit(doc, (_, node) => {
    const candidate = node as Node;
    if (accepts(candidate) && candidate.range?.[1] === offset) found = candidate;
    return undefined;
  });
  return found;
}
