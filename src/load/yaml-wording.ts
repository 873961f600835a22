/** The fixes of YAML syntax problems, apart from the logic that chooses them (yaml-hint.ts). */

/** By the parser's error code, for errors whose code alone says what is wrong. */
const FIXES: Readonly<Record<string, string>> = {
  BAD_INDENT: 'indent nested lines further than the key they belong to',
  TAB_AS_INDENT: 'indent with spaces; YAML does not allow tabs for indentation',
  DUPLICATE_KEY: 'remove or rename one of the repeated keys',
  MULTIPLE_DOCS: 'keep one document per file: remove the `---` separator and what follows',
  BLOCK_AS_IMPLICIT_KEY: 'check the indentation of this line against the lines above',
  MULTILINE_IMPLICIT_KEY: 'write each key on one line as `key: value`, with a space after the `:`',
  UNEXPECTED_TOKEN:
    'quote the value if it contains `:`, `#`, `[`, `{` or starts with `*`, `&`, `!`',
  BAD_SCALAR_START:
    'quote the value if it starts with a special character such as `@`, `` ` `` or `%`',
  BAD_DQ_ESCAPE: 'use a valid escape in double quotes, or single quotes for literal backslashes',
  BAD_ALIAS: 'define the anchor (`&name`) before using the alias (`*name`)',
  BLOCK_IN_FLOW:
    'separate the items inside `{ }` or `[ ]` with commas, and quote a value with `: `',
};

/** The fix for a parser error code when nothing more particular is known. */
export function yamlErrorFix(code: string): string {
  return FIXES[code] ?? 'check the YAML syntax around this position';
}

export const yamlSay = {
  lineUpKey: (key: string, column: number) =>
    `line \`${key}\` up with the keys above it (column ${column})`,
  lineUpItem: (column: number) => `line the \`-\` up with the items above it (column ${column})`,
  itemWithoutKey:
    'indent the `-` item under the key whose list it is (a `key:` line above it, with nothing after the `:`)',
  closeQuote: (quote: string) =>
    `add the closing ${quote === "'" ? "`'`" : '`"`'} at the end of the value this quote opens`,
  closeFlow: (open: string, close: string, nested: boolean) =>
    `add the missing \`${close}\` to close this \`${open}\`${nested ? ' (when it goes on over several lines, indent them further than its key)' : ''}`,
  extraClose: (close: string) => `remove the extra \`${close}\``,
  quoteValue: (quoted: string) =>
    `quote the value, since a \`: \` inside it starts a mapping: ${quoted}`,
  spaceAfterColon: (written: string) => `put a space after the \`:\` in \`${written}\``,
  spaceAfterFlowColon: 'put a space after the `:` between a key and its value',
  notKeyValue: (written: string) =>
    `write \`${written}\` as \`key: value\`, or indent it further if it continues the value above`,
  duplicateKey: (key: string, firstLine: number) =>
    `remove or rename one of the two \`${key}\` keys (the first is on line ${firstLine})`,
  separateItems: 'separate the items with `, `',
  spaceBeforeComment: 'put a space before the `#` of a comment, or quote the value that holds it',
  afterValue: 'remove what follows the value on this line, or quote the whole value',
  needsValue: 'write the key as `key: value`, or remove the line',
} as const;
