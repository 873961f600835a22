import type { Document } from 'yaml';
import type { FileProblem } from '../errors.ts';
import { fullYaml } from './full-yaml.ts';
import type { DataPath, LoadResult } from './load-result.ts';
import { type Position, sourceOfDocument, type YamlSource } from './yaml-document.ts';
import { parseYamlFast, type WithinFile } from './yaml-fast.ts';
import type { StreamDocument } from './yaml-stream.ts';

/**
 * One document of a stream (its text `own`) read by the fast parser, positioned in the file, or undefined when
 * it is not plain data (then `fullDocument` reads it). Its strings are shared through `pool`.
 */
export function fastDocument(
  own: string,
  doc: StreamDocument,
  file: string,
  lineCount: () => number,
  pool?: Map<string, string>,
): YamlSource | undefined {
  if (doc.marked) return undefined;
  return parseYamlFast(own, file, { firstLine: doc.line, lineCount }, pool);
}

/**
 * One document of a stream read alone by the full parser, its positions moved to the lines of
 * the file; `at` is the line its content starts on. Undefined when the document does not parse:
 * the parser may then read past the next `---` (an unclosed quote runs to the end of the
 * stream), so only a parse of the whole stream says what the file holds.
 */
export function fullDocument(
  own: string,
  doc: StreamDocument,
  file: string,
  lineCount: () => number,
): { at: number; source: LoadResult<YamlSource> } | 'empty' | undefined {
  const { LineCounter, parseDocument } = fullYaml();
  const lineCounter = new LineCounter();
  let parsed: Document;
  try {
    parsed = parseDocument(own, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch {
    return undefined;
  }
  if (parsed.errors.length > 0) return undefined;
  // As the whole stream is read: a document that holds nothing is no case.
  if (isEmpty(parsed.contents)) return 'empty';
  const start = parsed.contents?.range?.[0] ?? parsed.range?.[0] ?? 0;
  const at = lineCounter.linePos(start).line + doc.line - 1;
  const source = sourceOfDocument(parsed, own, file, lineCounter);
  return { at, source: moved(source, { firstLine: doc.line, lineCount }) };
}

/** A document's source or problems, its lines counted from the top of the file. */
function moved(result: LoadResult<YamlSource>, within: WithinFile): LoadResult<YamlSource> {
  const by = within.firstLine - 1;
  const shift = (p: Position): Position => ({ line: p.line + by, column: p.column });
  if (!result.ok) return { ok: false, problems: result.problems.map((p) => shiftProblem(p, by)) };
  const source = result.value;
  return { ok: true, value: new MovedSource(source, within, shift) };
}

/**
 * A document's source positioned in its file: a class, not an object literal with a getter
 * (test/style/no-literal-accessors.test.ts).
 */
class MovedSource implements YamlSource {
  readonly file: string;
  readonly data: unknown;

  constructor(
    private readonly source: YamlSource,
    private readonly within: WithinFile,
    private readonly shift: (p: Position) => Position,
  ) {
    this.file = source.file;
    this.data = source.data;
  }

  get lineCount(): number {
    return this.within.lineCount();
  }

  locate(path: DataPath): Position {
    return this.shift(this.source.locate(path));
  }

  locateKey(path: DataPath): Position {
    return this.shift(this.source.locateKey(path));
  }
}

function shiftProblem(problem: FileProblem, by: number): FileProblem {
  return problem.line === undefined ? problem : { ...problem, line: problem.line + by };
}

/** A document holding nothing (a leading or trailing `---`, an anchor on no node): no case. */
export function isEmpty(contents: unknown): boolean {
  if (contents === null) return true;
  return (
    fullYaml().isScalar(contents) &&
    contents.value === null &&
    contents.range?.[0] === contents.range?.[1]
  );
}
