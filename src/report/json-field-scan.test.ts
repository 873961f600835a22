import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type ArrayFieldScan, scanArrayField } from './json-field-scan.ts';

/** The text cut into chunks at the given points, as a file read block by block gives it. */
function chunked(text: string, cuts: readonly number[]): Uint8Array[] {
  const bytes = Buffer.from(text);
  const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...at, bytes.length]) {
    chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  return chunks;
}

/** What the scan says the text holds: the object without the array's items, and the items. */
function pieces(text: string, scan: ArrayFieldScan): { rest: unknown; items: unknown[] } {
  const bytes = Buffer.from(text);
  const head = bytes.subarray(0, scan.open + 1).toString();
  const tail = bytes.subarray(scan.close).toString();
  const items = scan.offsets.map((o, i) =>
    JSON.parse(bytes.subarray(o, o + (scan.lengths[i] as number)).toString()),
  );
  return { rest: JSON.parse(head + tail), items };
}

const value = fc.jsonValue({ maxDepth: 3 }).map((v): unknown => JSON.parse(JSON.stringify(v)));
// Keys that look like the field, or hold it, must not be taken for it.
const key = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('case', 'casesX', 'Cases', ' cases', 'cases\\', 'a"cases'),
);
const report = fc
  .tuple(
    fc.dictionary(key, value, { maxKeys: 4 }),
    fc.array(value, { maxLength: 6 }),
    fc.dictionary(key, value, { maxKeys: 4 }),
  )
  .filter(([before, , after]) => !('cases' in before) && !('cases' in after))
  .map(([before, cases, after]) => ({ before, cases, after }));

describe('scanArrayField', () => {
  test.prop([report, fc.constantFrom(0, 1, 2, 4), fc.array(fc.nat(), { maxLength: 12 })], {
    numRuns: 300,
  })('finds every item of the field, however the text is indented and cut', (r, indent, cuts) => {
    const object = { ...r.before, cases: r.cases, ...r.after };
    const text = JSON.stringify(object, null, indent);

    const scan = scanArrayField(chunked(text, cuts), 'cases');

    expect(scan).toBeDefined();
    const { rest, items } = pieces(text, scan as ArrayFieldScan);
    expect(items).toEqual(r.cases);
    expect(rest).toEqual({ ...object, cases: [] });
  });

  // Strings past the length read byte by byte are searched natively: quotes and backslashes
  // anywhere in them, on either side of a chunk's end, must still end the right string.
  const longText = fc
    .array(fc.constantFrom('a', 'é', '"', '\\', '\n', '{', ']', ',', ' ', 'cases'), {
      minLength: 30,
      maxLength: 160,
    })
    .map((parts) => parts.join(''));
  const longItem = fc.oneof(
    longText,
    fc.record({ text: longText, more: fc.array(longText, { maxLength: 3 }) }),
  );
  test.prop(
    [
      fc.array(longItem, { maxLength: 5 }),
      longText,
      fc.constantFrom(0, 2),
      fc.array(fc.nat(), { maxLength: 12 }),
    ],
    { numRuns: 300 },
  )('finds every item however long its strings are', (cases, note, indent, cuts) => {
    const object = { note, cases, after: note };
    const text = JSON.stringify(object, null, indent);

    const scan = scanArrayField(chunked(text, cuts), 'cases');

    expect(scan).toBeDefined();
    const { rest, items } = pieces(text, scan as ArrayFieldScan);
    expect(items).toEqual(cases);
    expect(rest).toEqual({ ...object, cases: [] });
  });

  test.prop([fc.string({ maxLength: 80 }), fc.array(fc.nat(), { maxLength: 4 })], {
    numRuns: 300,
  })('never places an item that JSON does not hold there', (text, cuts) => {
    const scan = scanArrayField(chunked(text, cuts), 'cases');
    if (scan === undefined) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return; // The pieces will not parse either; the caller then reads the whole text.
    }
    const { items } = pieces(text, scan);
    expect((parsed as { cases: unknown }).cases).toEqual(items);
  });

  it('gives up on a text it cannot place the field in', () => {
    const none = (text: string) => scanArrayField([Buffer.from(text)], 'cases');

    expect(none('{"cases": 3}')).toBeUndefined();
    expect(none('{"cases": [1], "cases": [2]}')).toBeUndefined();
    expect(none('{"ca\\u0073es": [1]}')).toBeUndefined();
    expect(none('{"cases": [1,]}')).toBeUndefined();
    expect(none('{"cases": [,1]}')).toBeUndefined();
    expect(none('{"cases": [1, 2')).toBeUndefined();
    expect(none('{"other": {"cases": [1]}}')).toBeUndefined();
    expect(none('{"cases": [{"a": "]"}], "x": "\\"cases\\""}')).toMatchObject({
      offsets: [11],
      lengths: [10],
    });
  });
});
