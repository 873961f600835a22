import { describe, expect, test } from 'vitest';
import { parseYaml } from './yaml-document.ts';

const text = [
  '# a comment',
  'id: x',
  'steps:',
  '  - { custmer: hi }',
  '  - customer: hello',
  '',
].join('\n');

describe('parseYaml', () => {
  test('locates values, keys, and the nearest parent of what is missing', () => {
    const result = parseYaml(text, 'case.yaml');
    if (!result.ok) throw new Error('expected the YAML to parse');
    const source = result.value;

    expect(source.locate(['steps', 1, 'customer'])).toEqual({ line: 5, column: 15 });
    expect(source.locateKey(['steps', 0, 'custmer'])).toEqual({ line: 4, column: 7 });
    expect(source.locate(['steps', 0, 'customer'])).toEqual({ line: 4, column: 5 });
    expect(source.locate(['title'])).toEqual({ line: 2, column: 1 });
    expect(source.lineCount).toBe(6);
  });

  test('a duplicate key is a syntax problem at the second key, naming the line of the first', () => {
    const result = parseYaml('id: a\nid: b\n', 'dup.yaml');

    expect(result).toEqual({
      ok: false,
      problems: [
        {
          file: 'dup.yaml',
          line: 2,
          column: 1,
          path: '',
          message: 'invalid YAML: map keys must be unique',
          fix: 'remove or rename one of the two `id` keys (the first is on line 1)',
        },
      ],
    });
  });

  test('an alias to an anchor that is never set is a positioned problem, not a throw', () => {
    const result = parseYaml('id: a\ntitle: *missing\n', 'alias.yaml');

    expect(result.ok ? [] : result.problems).toEqual([
      {
        file: 'alias.yaml',
        line: 2,
        column: 8,
        path: '',
        message:
          'invalid YAML: unresolved alias (the anchor must be set before the alias): missing',
        fix: 'define the anchor (`&name`) before using the alias (`*name`)',
      },
    ]);
  });
});
