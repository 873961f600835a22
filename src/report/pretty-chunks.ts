/** One array field of an object, written item by item: its length and each item's text. */
export interface ListField {
  readonly key: string;
  readonly length: number;
  /** Each item as `nestedItemText` writes it (as UTF-8 bytes, say), in order. */
  readonly items: Iterable<string | Uint8Array>;
}

/**
 * `JSON.stringify(value, null, 2)` and a newline, in pieces, the array at `list.key` an item at
 * a time: the same bytes, without the whole text as one string (a report of 100,000 cases is
 * hundreds of MB; past a few hundred, longer than a JavaScript string may be).
 */
export function* prettyChunks(
  value: Readonly<Record<string, unknown>>,
  list: ListField,
): Generator<string | Uint8Array> {
  // The keys JSON.stringify writes: not those whose value it leaves out.
  const keys = Object.keys(value).filter(
    (k) => (k === list.key && list.length > 0) || JSON.stringify(value[k]) !== undefined,
  );
  if (keys.length === 0) {
    yield '{}\n';
    return;
  }
  yield '{\n';
  for (const [i, key] of keys.entries()) {
    yield `  ${JSON.stringify(key)}: `;
    if (key === list.key && list.length > 0) {
      yield '[\n';
      let j = 0;
      for (const text of list.items) {
        yield text;
        yield ++j < list.length ? ',\n' : '\n';
      }
      yield '  ]';
    } else yield (JSON.stringify(value[key], null, 2) as string).replaceAll('\n', '\n  ');
    yield i < keys.length - 1 ? ',\n' : '\n';
  }
  yield '}\n';
}

/**
 * One item of a top-level array as `prettyChunks` places it: pretty, indented to its place,
 * without the comma that follows it.
 */
export function nestedItemText(item: unknown): string {
  // Nested twice, the item is indented as it stands in the object: no pass over the text after.
  const text = JSON.stringify([[item ?? null]], null, 2);
  return text.slice(NESTED.length, text.length - NESTED.length);
}

/** What `[[x]]` adds on each side of x, pretty-printed. */
const NESTED = '[\n  [\n';

/** `f` of each item, as the items are read. */
export function* mapped<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}
