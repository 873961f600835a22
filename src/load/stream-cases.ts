import { caseSchema } from './case-schema.ts';
import { internStrings } from './intern.ts';
import { type Loaded, ofCase } from './loaded.ts';
import { fastDocument, fullDocument } from './stream-document.ts';
import { validCase } from './valid-case.ts';
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
  const within = { file, lineCount: lazyLineCount(text), shared };
  const out: Loaded[] = [];
  for (const doc of docs) {
    const own = textOf(text, doc);
    if (own === undefined) return undefined;
    const loaded = quickDocument(own, doc, within) ?? fullCase(own, doc, within);
    if (loaded === undefined) return undefined;
    if (loaded !== 'empty') out.push(loaded);
  }
  // One case left once the empty documents are dropped: read as a plain file, as a whole stream is.
  return out.length <= 1 ? undefined : out;
}

/** Where the documents come from: the file, its line count, the strings its cases share. */
interface Within {
  readonly file: string;
  readonly lineCount: () => number;
  readonly shared: Map<string, string>;
}

/** A document the fast parser reads that holds a valid case, else undefined. */
function quickDocument(own: string, doc: StreamDocument, at: Within): Loaded | undefined {
  const fast = fastDocument(own, doc, at.file, at.lineCount, at.shared);
  if (fast === undefined) return undefined;
  const loaded = validCase(fast);
  const idAt = { file: at.file, ...fast.locate(['id']) };
  return loaded && { result: { ok: true, value: loaded }, idAt };
}

/** A document the fast parser did not take: read alone by the full parser (see `fullDocument`). */
function fullCase(own: string, doc: StreamDocument, at: Within): Loaded | 'empty' | undefined {
  const full = fullDocument(own, doc, at.file, at.lineCount);
  if (full === undefined || full === 'empty') return full;
  const { source } = full;
  if (!source.ok) return { result: ofCase(source, full.at) };
  internStrings(source.value.data, at.shared);
  const idAt = { file: at.file, ...source.value.locate(['id']) };
  return { result: ofCase(caseSchema().fromSource(source.value), full.at), idAt };
}

function textOf(text: StreamText, doc: StreamDocument): string | undefined {
  if (typeof text === 'string') return text.slice(doc.from, doc.to);
  try {
    return utf8.decode(text.subarray(doc.from, doc.to));
  } catch {
    return undefined;
  }
}
