import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { fc, test } from '@fast-check/vitest';
import { globSync } from 'tinyglobby';
import { describe, expect } from 'vitest';
import { stringify } from 'yaml';
import type { DataPath } from './load-result.ts';
import { mutatedText } from './text-mutations.ts';
import { parseYaml } from './yaml-document.ts';
import { parseYamlFast } from './yaml-fast.ts';

const REPO = new URL('../..', import.meta.url).pathname;

/** Every path into the data, the root included. */
function paths(data: unknown, prefix: DataPath = [], out: DataPath[] = []): DataPath[] {
  out.push(prefix);
  if (Array.isArray(data)) for (const [i, v] of data.entries()) paths(v, [...prefix, i], out);
  else if (data !== null && typeof data === 'object')
    for (const [k, v] of Object.entries(data)) paths(v, [...prefix, k], out);
  return out;
}

/**
 * What the fast parser says about a text, next to the full parser: `fallback` when it leaves the
 * text to the full parser, else whether the values, every position and the line count agree.
 */
function agreement(text: string): 'fallback' | 'same' | string {
  const fast = parseYamlFast(text, 'f.yaml');
  if (fast === undefined) return 'fallback';
  const full = parseYaml(text, 'f.yaml');
  if (!full.ok) return `the full parser refuses it: ${full.problems[0]?.message}`;
  if (!isDeepStrictEqual(fast.data, full.value.data)) return 'the values differ';
  for (const path of paths(fast.data)) {
    if (!isDeepStrictEqual(fast.locate(path), full.value.locate(path)))
      return `${JSON.stringify(path)} is placed elsewhere`;
    if (!isDeepStrictEqual(fast.locateKey(path), full.value.locateKey(path)))
      return `the key of ${JSON.stringify(path)} is placed elsewhere`;
  }
  return fast.lineCount === full.value.lineCount ? 'same' : 'the line counts differ';
}

const corpus = globSync(['cases/**/*.yaml', 'examples/**/*.yaml', 'test/fixtures/**/*.yaml'], {
  cwd: REPO,
  absolute: true,
}).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

describe('parseYamlFast', () => {
  test('agrees with the full parser on every YAML file in the repository', () => {
    const outcomes = corpus.map(({ file, text }) => ({ file, says: agreement(text) }));
    expect(outcomes.filter((o) => o.says !== 'same' && o.says !== 'fallback')).toEqual([]);
    // Nearly all of them are plain YAML and take the fast path.
    expect(outcomes.filter((o) => o.says === 'same').length).toBeGreaterThan(corpus.length * 0.9);
  });

  test('resolves plain scalars as the YAML 1.2 core schema does, not as YAML 1.1', () => {
    const written = [
      'yes',
      'no',
      'on',
      'off',
      'y',
      'True',
      'FALSE',
      '~',
      'null',
      'Null',
      '',
      '0777',
      '0o17',
      '0x1F',
      '0b101',
      '1_000',
      '+12',
      '-0',
      '.5',
      '1.',
      '1e3',
      '-1.5E-2',
      '.inf',
      '-.Inf',
      '.NaN',
      '2024-01-01',
      '2001-12-14t21:59:43.10-05:00',
      '12:30:00',
      '<<',
      '= ',
      '0x',
      '+.5',
      '1e',
    ];
    const text = written.map((v, i) => `k${i}: ${v}\n`).join('');
    expect(agreement(text)).toBe('same');
    const data = parseYamlFast(text, 'f.yaml')?.data as Record<string, unknown>;
    expect([data.k0, data.k11, data.k15, data.k25]).toEqual(['yes', 777, '1_000', '2024-01-01']);
  });

  test('leaves tags, anchors, directives, odd keys and syntax errors to the full parser', () => {
    const others = [
      'a: !!int "3"\n',
      'a: &x 1\nb: *x\n',
      '%YAML 1.1\n---\na: yes\n',
      'a: 1\na: 2\n',
      'a: {b: 1}# tight comment\n',
      '1: one\n',
      'a: [1, 2\n',
      '---y: 1\n',
      'a: 1\rb: 2\n',
      'just text\n',
    ];
    expect(others.map((text) => parseYamlFast(text, 'f.yaml'))).toEqual(
      others.map(() => undefined),
    );
  });

  const name = fc.stringMatching(/^[a-z_]{1,6}$/);
  const tricky = fc.constantFrom(
    'yes',
    '0777',
    '1_000',
    '~',
    '',
    ' a',
    'a\nb',
    'x #y',
    '- a',
    'a: b',
    '"q"',
    "'q'",
    '#x',
    '2024-01-01',
    'é',
    'tab\there',
  );
  const leaf = fc.oneof(
    fc.string(),
    tricky,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
  );
  const { tree } = fc.letrec((tie) => ({
    tree: fc.oneof(
      { depthSize: 'small' },
      leaf,
      fc.array(tie('tree'), { maxLength: 4 }),
      fc.dictionary(fc.oneof(name, fc.string()), tie('tree'), { maxKeys: 4 }),
    ),
  }));
  const style = fc.record({
    indent: fc.integer({ min: 1, max: 4 }),
    flowLevel: fc.integer({ min: -1, max: 3 }),
    defaultStringType: fc.constantFrom('PLAIN', 'QUOTE_DOUBLE', 'QUOTE_SINGLE', 'BLOCK_LITERAL'),
    indentSeq: fc.boolean(),
    lineWidth: fc.constantFrom(0, 20, 80),
  } as const);
  const document = fc
    .tuple(fc.dictionary(name, tree, { minKeys: 1, maxKeys: 6 }), style)
    .map(([data, options]) => stringify(data, options));

  test('leaves to the full parser what an empty value may hide: an anchor, a tab line, a break', () => {
    // Found by the mutation property below: the empty value is placed on its key's line.
    expect(agreement('a:\n b: 0\n " ": \n  &"\n')).toBe('fallback');
    expect(agreement('a:\n b:\n  !!str\n')).toBe('fallback');
    // A line of a tab where a value may start: the full parser refuses it as indentation.
    expect(agreement("'a':\n\t\r\n\r\n'  (     ': []\n")).toBe('fallback');
    expect(agreement('a:\n    "    ": false\n    \t\n        - tab\there\nb: []\n')).toBe(
      'fallback',
    );
    // An empty value in a flow mapping broken before its closing brace.
    expect(agreement('p: { agents: [triage], persons:\n   }\n')).toBe('fallback');
    // A block scalar whose indentation is given, over a line of spaces only.
    expect(agreement('a:\n  b: |2-\n      \n  c: 1\n')).toBe('fallback');
    // A block scalar that opens with a line of spaces, more indented than its text.
    expect(agreement('a: |\n  \n #x\n')).toBe('fallback');
    // A comment left of the value it stands above.
    expect(agreement('a:\n - b:\n#?    - x\n      y\n   c: {}\n')).toBe('fallback');
    // A plain scalar folded over lines, then a key less indented than it.
    expect(
      agreement('a:\n  b:\n    c: []\n    d:\n#~     - x\n      yes\n     - 1\n  e: false\n'),
    ).toBe('fallback');
    // The same under a `-`: the full parser folds the next item into the plain scalar.
    expect(agreement('a:\n  - 1\n  -\n#x\n    yes\n  - 2\n')).toBe('fallback');
    expect(
      agreement('a:\n  b:\n      - null\n      -\r\n#\\ |-\n        yes\n      - |-\n        !\n'),
    ).toBe('fallback');
  });

  test.prop([document], { numRuns: 300 })('agrees on any data the full parser writes', (text) => {
    expect(['same', 'fallback']).toContain(agreement(text));
  });

  const piece = fc.constantFrom(
    ' ',
    '\t',
    '\n',
    ': ',
    ':',
    '- ',
    '#',
    ' #',
    '{',
    '}',
    '[',
    ']',
    ',',
    '"',
    "'",
    '|',
    '>',
    '!',
    '&',
    '*',
    '?',
    'a',
    '1',
    '\\',
    '%',
    '\r\n',
    '\r',
    '~',
    '---',
    '<<',
    '\n  ',
    '\n- ',
  );
  const mutated = mutatedText(
    fc.oneof(document, fc.constantFrom(...corpus.map((c) => c.text))),
    piece,
    3,
  );

  test.prop([mutated], { numRuns: 400 })(
    'on broken and odd text, takes only what the full parser reads the same way',
    (text) => {
      expect(['same', 'fallback']).toContain(agreement(text));
    },
  );
});
