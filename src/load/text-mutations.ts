import { fc } from '@fast-check/vitest';

/**
 * Texts from `base` with one to three edits each: at some place, up to three characters cut and
 * up to `most` pieces put in. For property tests that compare two parsers on broken input.
 */
export function mutatedText(
  base: fc.Arbitrary<string>,
  piece: fc.Arbitrary<string>,
  most: number,
): fc.Arbitrary<string> {
  const edit = fc.record({
    at: fc.nat(),
    cut: fc.nat(3),
    put: fc.array(piece, { maxLength: most }),
  });
  return fc.tuple(base, fc.array(edit, { minLength: 1, maxLength: 3 })).map(([text, edits]) =>
    edits.reduce((t, e) => {
      const at = e.at % (t.length + 1);
      return t.slice(0, at) + e.put.join('') + t.slice(at + e.cut);
    }, text),
  );
}
