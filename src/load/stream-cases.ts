import { internStrings } from './intern.ts';
import { caseFromSource, validCase } from './load-case.ts';
import { type Loaded, ofCase } from './loaded.ts';
import { fastDocument, fullDocument } from './stream-document.ts';
import {
  lazyLineCount,
  type StreamDocument,
  type StreamText,
  splitYamlStream,
} from './yaml-stream.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The cases of a YAML stream of several documents, one document at a time: each is parsed by
 * the fast parser and checked, or (unusual or invalid) parsed again alone by the full parser,
 * so one odd document costs only itself and no two documents' parse trees are alive together.
 * Given the file's bytes, each document is decoded alone: the whole text is never in memory.
 * Undefined when the stream must be parsed as a whole (see `splitYamlStream`; a document that
 * does not parse or is not UTF-8), or holds one case (read as a plain file, whose problems name
 * no case line).
 */
export function streamCases(
  text: StreamText,
  file: string,
  shared: Map<string, string>,
): Loaded[] | undefined {
  const docs = splitYamlStream(text);
  if (docs === undefined || docs.length <= 1) return undefined;
  const lineCount = lazyLineCount(text);
  const out: Loaded[] = [];
  for (const doc of docs) {
    const own = textOf(text, doc);
    if (own === undefined) return undefined;
    const fast = fastDocument(own, doc, file, lineCount);
    if (fast !== undefined) {
      internStrings(fast.data, shared);
      const loaded = validCase(fast);
      if (loaded) {
        out.push({ result: { ok: true, value: loaded }, idAt: { file, ...fast.locate(['id']) } });
        continue;
      }
    }
    const full = fullDocument(own, doc, file, lineCount);
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

function textOf(text: StreamText, doc: StreamDocument): string | undefined {
  if (typeof text === 'string') return text.slice(doc.from, doc.to);
  try {
    return utf8.decode(text.subarray(doc.from, doc.to));
  } catch {
    return undefined;
  }
}
