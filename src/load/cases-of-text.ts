export type { Loaded } from './loaded.ts';

import { caseSchema } from './case-schema.ts';
import { caseSources, isJsonLines, isOneDocument } from './case-stream.ts';
import { decodedText } from './files.ts';
import { internStrings } from './intern.ts';
import { type Loaded, ofCase } from './loaded.ts';
import { streamCases } from './stream-cases.ts';
import { validCase } from './valid-case.ts';
import { parseYamlFast } from './yaml-fast.ts';

/** The cases of one file's text (`file` names it in problems). Pure: no file system access. */
export function casesOfText(
  text: string,
  file: string,
  shared: Map<string, string> = new Map(),
): readonly Loaded[] {
  const quick = quickCase(text, file, shared);
  if (quick !== undefined) return [quick];
  const stream = isJsonLines(file) ? undefined : streamCases(text, file, shared);
  if (stream !== undefined) return stream;
  return caseSources(text, file).map(({ at, source }) => {
    if (!source.ok) return { result: ofCase(source, at) };
    // A JSON-lines case names its line only: locating the column would parse the line again.
    const { line } = source.value;
    const idAt = { file, ...(line === undefined ? source.value.locate(['id']) : { line }) };
    internStrings(source.value.data, shared);
    return { result: ofCase(caseSchema().fromSource(source.value), at), idAt };
  });
}

/**
 * Most case files are one valid case in plain YAML: parsed by the fast parser and checked, it is
 * done. Anything else (undefined) is parsed again by the full parser, whose positions and words
 * the file's problems carry.
 */
function quickCase(text: string, file: string, shared: Map<string, string>): Loaded | undefined {
  if (!isOneDocument(text, file)) return undefined;
  const source = parseYamlFast(text, file, undefined, shared);
  if (source === undefined) return undefined;
  const loaded = validCase(source);
  return (
    loaded && { result: { ok: true, value: loaded }, idAt: { file, ...source.locate(['id']) } }
  );
}

/** Files this large are split into documents before they are decoded. */
const SPLIT_BYTES_FROM = 1024 * 1024;

/**
 * The cases of one file's bytes. A large YAML stream is split and decoded a document at a time,
 * so its whole text (twice its size in memory when it holds one non-ASCII character) never is.
 */
export function casesOfBytes(
  bytes: Uint8Array,
  file: string,
  shared: Map<string, string> = new Map(),
  splitFrom: number = SPLIT_BYTES_FROM,
): readonly Loaded[] {
  if (bytes.length >= splitFrom && !isJsonLines(file)) {
    const stream = streamCases(bytes, file, shared);
    if (stream !== undefined) return stream;
  }
  const text = decodedText(file, bytes);
  return text.ok ? casesOfText(text.value, file, shared) : [{ result: text }];
}
