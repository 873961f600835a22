import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import { parseYaml } from './yaml-document.ts';

/** The one line `baton validate` prints for a file holding `text`. */
function problemLines(text: string): string[] {
  const result = parseYaml(text, 'f.yaml');
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe('YAML syntax problems: the fix fits the error', () => {
  test.each([
    [
      'a key less indented than the keys of its list item (sequence item without - indicator)',
      'expect:\n  handoffs:\n    - from: front_desk\n      to: claims_intake\n     at: 0\n',
      'f.yaml:5:6: invalid YAML: sequence item without - indicator. Fix: line `at` up with the keys above it (column 7)',
    ],
    [
      'a key between two levels of a mapping',
      'a:\n  b: 1\n c: 2\n',
      'f.yaml:3:2: invalid YAML: all mapping items must start at the same column. Fix: line `c` up with the keys above it (column 3)',
    ],
    [
      'a key after a deeper mapping, between levels: the mapping the parser read it into',
      'a:\n  b:\n    x: 1\n c: 2\n',
      'f.yaml:4:2: invalid YAML: all mapping items must start at the same column. Fix: line `c` up with the keys above it (column 3)',
    ],
    [
      'a key indented more than the key above, pointed at on its own line',
      'id: x\n  title: y\n',
      'f.yaml:2:3: invalid YAML: nested mappings are not allowed in compact mappings. Fix: line `title` up with the keys above it (column 1)',
    ],
    [
      'an over-indented key of a list item',
      'h:\n  - from: a\n      to: b\n',
      'f.yaml:3:7: invalid YAML: nested mappings are not allowed in compact mappings. Fix: line `to` up with the keys above it (column 5)',
    ],
    [
      'a `-` item less indented than the items above',
      'steps:\n  - a\n - b\n',
      'f.yaml:3:2: invalid YAML: a block sequence may not be used as an implicit map key. Fix: line the `-` up with the items above it (column 3)',
    ],
    [
      'a `-` item where keys are, with no key above it',
      'a: 1\n- b\n',
      'f.yaml:2:1: invalid YAML: implicit keys need to be on a single line. Fix: indent the `-` item under the key whose list it is (a `key:` line above it, with nothing after the `:`)',
    ],
    [
      'Windows line endings: the same columns',
      'a:\r\n  b: 1\r\n c: 2\r\n',
      'f.yaml:3:2: invalid YAML: all mapping items must start at the same column. Fix: line `c` up with the keys above it (column 3)',
    ],
    [
      'a key after flow-style list items, lined up with the keys of the mapping, not the items',
      'expect:\n  handoffs:\n    - { from: a, to: b, at: 0 }\n   max_hops: 1\n',
      'f.yaml:4:4: invalid YAML: all mapping items must start at the same column. Fix: line `max_hops` up with the keys above it (column 3)',
    ],
    [
      'a tab as indentation: the lines after it are its consequences, not problems of their own',
      'expect:\n  handoffs:\n    - { from: a, to: b, at: 0 }\n\tmax_hops: 1\n  effects:\n    - { effect: refund, key: A-1 }\n  tools:\n    match: superset\n',
      'f.yaml:4:1: invalid YAML: tabs are not allowed as indentation. Fix: indent with spaces; YAML does not allow tabs for indentation',
    ],
    [
      'a tab as indentation',
      'a:\n\tb: 1\n',
      'f.yaml:2:1: invalid YAML: tabs are not allowed as indentation. Fix: indent with spaces; YAML does not allow tabs for indentation',
    ],
    [
      'a duplicate key, with the line of the first',
      'id: a\ntitle: t\nid: b\n',
      'f.yaml:3:1: invalid YAML: map keys must be unique. Fix: remove or rename one of the two `id` keys (the first is on line 1)',
    ],
    [
      'a duplicate key inside `{ }`',
      'a: { b: 1, b: 2 }\n',
      'f.yaml:1:12: invalid YAML: map keys must be unique. Fix: remove or rename one of the two `b` keys (the first is on line 1)',
    ],
    [
      'an unclosed double quote, pointed at where it opens',
      'id: x\ntitle: "hello\nsource: y\n',
      'f.yaml:2:8: invalid YAML: missing closing "quote. Fix: add the closing `"` at the end of the value this quote opens',
    ],
    [
      'an unclosed single quote',
      "title: 'hello\nid: x\n",
      "f.yaml:1:8: invalid YAML: missing closing 'quote. Fix: add the closing `'` at the end of the value this quote opens",
    ],
    [
      'an unclosed `[` under a key, pointed at the bracket',
      'tags: [a, b\nid: x\n',
      'f.yaml:1:7: invalid YAML: flow sequence in block collection must be sufficiently indented and end with a ]. Fix: add the missing `]` to close this `[` (when it goes on over several lines, indent them further than its key)',
    ],
    [
      'an unclosed `{`',
      'p: { agents: [a]\nid: x\n',
      'f.yaml:1:4: invalid YAML: flow map in block collection must be sufficiently indented and end with a }. Fix: add the missing `}` to close this `{` (when it goes on over several lines, indent them further than its key)',
    ],
    [
      'an unclosed `[` at the top level: no key to indent under',
      '[a, b\n',
      'f.yaml:1:1: invalid YAML: flow sequence must end with a ]. Fix: add the missing `]` to close this `[`',
    ],
    [
      'an extra `]`',
      'tags: [a]]\n',
      'f.yaml:1:10: invalid YAML: unexpected flow-seq-end token in YAML stream: "]". Fix: remove the extra `]`',
    ],
    [
      'a `: ` inside a plain value',
      'title: refund: now\n',
      'f.yaml:1:8: invalid YAML: nested mappings are not allowed in compact mappings. Fix: quote the value, since a `: ` inside it starts a mapping: `"refund: now"`',
    ],
    [
      'a `: ` inside a plain value that holds double quotes: single quotes suggested',
      'steps:\n  - customer: Hi: I want a "refund"\n',
      `f.yaml:2:15: invalid YAML: nested mappings are not allowed in compact mappings. Fix: quote the value, since a \`: \` inside it starts a mapping: \`'Hi: I want a "refund"'\``,
    ],
    [
      'no space after the `:` of a key',
      'id:x\ntitle: y\n',
      'f.yaml:1:1: invalid YAML: implicit keys need to be on a single line. Fix: put a space after the `:` in `id:x`',
    ],
    [
      'a line with no `:` at all',
      'a\nb: 1\n',
      'f.yaml:1:1: invalid YAML: implicit keys need to be on a single line. Fix: write `a` as `key: value`, or indent it further if it continues the value above',
    ],
    [
      'a `#` right after a value',
      'a: "x"#c\n',
      'f.yaml:1:7: invalid YAML: comments must be separated from other tokens by white space characters. Fix: put a space before the `#` of a comment, or quote the value that holds it',
    ],
    [
      'a value that starts with `@`',
      'title: @me\n',
      'f.yaml:1:8: invalid YAML: plain value cannot start with reserved character @. Fix: quote the value if it starts with a special character such as `@`, `` ` `` or `%`',
    ],
  ])('%s', (_name, text, line) => {
    expect(problemLines(text)).toEqual([line]);
  });

  test('the follow-on errors the parser reports on a line it already faulted are left out', () => {
    // The parser says three things about `- b`; one line says what to do.
    expect(problemLines('a: 1\n- b\n')).toHaveLength(1);
    expect(problemLines('a:\n  b: 1\n    c: 2\n')).toEqual([
      'f.yaml:3:5: invalid YAML: nested mappings are not allowed in compact mappings. Fix: line `c` up with the keys above it (column 3)',
    ]);
  });
});
