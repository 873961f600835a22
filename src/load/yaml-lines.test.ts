import { describe, expect, test } from 'vitest';
import {
  contentAbove,
  contentBelow,
  itemColumnAbove,
  keyAt,
  keyColumn,
  keysColumnAbove,
  lineAt,
} from './yaml-lines.ts';

const text = [
  'expect:',
  '  handoffs:',
  '    # the first handoff',
  '    - from: front_desk',
  '',
  '      to: claims_intake',
  '     at: 0',
].join('\n');
const last = lineAt(text, text.length - 1);

describe('yaml-lines', () => {
  test('lineAt finds the line of an offset, without its line break', () => {
    expect(lineAt('a: 1\r\nb: 2\n', 7)).toEqual({ start: 6, text: 'b: 2' });
    expect(last.text).toBe('     at: 0');
  });

  test('contentAbove and contentBelow skip blank and comment lines, and stop at a document marker', () => {
    const to = contentAbove(text, last);
    const from = to && contentAbove(text, to);

    expect([to?.text, from?.text]).toEqual(['      to: claims_intake', '    - from: front_desk']);
    expect(contentBelow(text, lineAt(text, 0))?.text).toBe('  handoffs:');
    expect(contentAbove('id: a\n---\nid: b\n', lineAt('id: a\n---\nid: b\n', 11))).toBeUndefined();
  });

  test('keyColumn skips `- ` indicators; keyAt reads the key written there', () => {
    expect(keyColumn('    - from: a')).toBe(6);
    expect(keyColumn('  - - x: 1')).toBe(6);
    expect(keyAt('    - from: a', 6)).toBe('from');
    expect(keyAt('  word', 2)).toBe('word');
  });

  test('keysColumnAbove: the nearest level of keys deeper than the line, else the line above', () => {
    expect(keysColumnAbove(text, last, 5)).toBe(6);
    expect(keysColumnAbove(text, last, 3)).toBe(6);
    expect(
      keysColumnAbove('a:\n  b:\n    x: 1\n c: 2\n', lineAt('a:\n  b:\n    x: 1\n c: 2\n', 17), 1),
    ).toBe(2);
    expect(keysColumnAbove(text, last, 9)).toBe(6);
  });

  test('itemColumnAbove: the column of the nearest `-` item above', () => {
    expect(itemColumnAbove(text, last)).toBe(4);
    expect(itemColumnAbove('a: 1\nb: 2\n', lineAt('a: 1\nb: 2\n', 6))).toBeUndefined();
  });
});
