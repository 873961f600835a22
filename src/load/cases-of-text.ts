import type { Case } from '../model/labelled-case.ts';
import { caseSources, isJsonLines, isOneDocument } from './case-stream.ts';
import { internStrings } from './intern.ts';
import { caseFromSource, validCase } from './load-case.ts';
import type { LoadResult } from './load-result.ts';
import { fastDocument, fullDocument, lazyLineCount } from './stream-document.ts';
import { parseYamlFast } from './yaml-fast.ts';
import { splitYamlStream } from './yaml-stream.ts';

/** One case read and checked; `idAt` says where its id is written, for a duplicate's problem. */
export interface Loaded {
  readonly result: LoadResult<Case>;
  readonly idAt?: { readonly file: string; readonly line: number; readonly column?: number };
}

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
    return { result: ofCase(caseFromSource(source.value), at), idAt };
  });
}

/**
 * Most case files are one valid case in plain YAML: parsed by the fast parser and checked, it is
 * done. Anything else (undefined) is parsed again by the full parser, whose positions and words
 * the file's problems carry.
 */
function quickCase(text: string, file: string, shared: Map<string, string>): Loaded | undefined {
  if (!isOneDocument(text, file)) return undefined;
  const source = parseYamlFast(text, file);
  if (source === undefined) return undefined;
  internStrings(source.data, shared);
  const loaded = validCase(source);
  return (
    loaded && { result: { ok: true, value: loaded }, idAt: { file, ...source.locate(['id']) } }
  );
}

/**
 * The cases of a YAML stream of several documents, one document at a time: each is parsed by
 * the fast parser and checked, or (unusual or invalid) parsed again alone by the full parser,
 * so one odd document costs only itself and no two documents' parse trees are alive together.
 * Undefined when the stream needs the full parser as a whole, or holds one case (read as a
 * plain file, whose problems name no case line).
 */
function streamCases(
  text: string,
  file: string,
  shared: Map<string, string>,
): Loaded[] | undefined {
  const docs = splitYamlStream(text);
  if (docs === undefined || docs.length <= 1) return undefined;
  const lineCount = lazyLineCount(text);
  const out: Loaded[] = [];
  for (const doc of docs) {
    const fast = fastDocument(text, doc, file, lineCount);
    if (fast !== undefined) {
      internStrings(fast.data, shared);
      const loaded = validCase(fast);
      if (loaded) {
        out.push({ result: { ok: true, value: loaded }, idAt: { file, ...fast.locate(['id']) } });
        continue;
      }
    }
    const full = fullDocument(text, doc, file, lineCount);
    // A document that does not parse: the whole stream is parsed as one.
    if (full === undefined) return undefined;
    const { at, source } = full;
    if (!source.ok) {
      out.push({ result: ofCase(source, at) });
      continue;
    }
    internStrings(source.value.data, shared);
    const idAt = { file, ...source.value.locate(['id']) };
    out.push({ result: ofCase(caseFromSource(source.value), at), idAt });
  }
  return out;
}

/** Problems of one case among many name the line it starts on, so each fails on its own. */
function ofCase<T>(result: LoadResult<T>, at: number | undefined): LoadResult<T> {
  if (result.ok || at === undefined) return result;
  return { ok: false, problems: result.problems.map((p) => ({ ...p, caseAt: at })) };
}
