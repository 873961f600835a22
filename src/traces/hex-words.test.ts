import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hex16, readHexWords } from './hex-words.ts';

describe('hex words', () => {
  it('gives back any 16 lowercase hex digits it read as two words', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-f]{16}$/), fc.nat(3), (id, at) => {
        const words = new Int32Array(8);
        expect(readHexWords(id, words, at, 2)).toBe(true);
        expect(hex16(words, at)).toBe(id);
      }),
    );
  });

  it('refuses any other text: another length, upper case, not hex', () => {
    const words = new Int32Array(4);
    for (const text of [
      '',
      '00f067aa0ba902b',
      '00f067aa0ba902b70',
      '00F067AA0BA902B7',
      '00f067aa0ba902g7',
    ])
      expect(readHexWords(text, words, 0, 2)).toBe(false);
    expect(readHexWords('0af7651916cd43dd8448eb211c80319c', words, 0, 4)).toBe(true);
    expect(readHexWords('0af7651916cd43dd8448eb211c80319c', words, 0, 2)).toBe(false);
  });
});
