import type { Document, LineCounter, YAMLError } from 'yaml';
import type { FileProblem } from '../errors.ts';
import { fullYaml } from './full-yaml.ts';
import type { DataPath, LoadResult } from './load-result.ts';
import { fileSay } from './wording.ts';
import { deepLine, MAX_YAML_DEPTH, shapeProblem } from './yaml-depth.ts';
import { yamlHint } from './yaml-hint.ts';
import { yamlErrorFix } from './yaml-wording.ts';

/** A 1-based position in a file. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** A parsed YAML file: its plain data, plus positions for any path into it. */
export interface YamlSource {
  readonly file: string;
  readonly data: unknown;
  readonly lineCount: number;
  /** Where the value at `path` starts, or its nearest existing parent. */
  locate(path: DataPath): Position;
  /** Where the key of the last path segment is written (for unknown keys). */
  locateKey(path: DataPath): Position;
  /** Set when the whole value is written on this one line (a JSON-lines record). */
  readonly line?: number;
}

/** Parses YAML text; syntax errors come back as problems with their positions. */
export function parseYaml(text: string, file: string): LoadResult<YamlSource> {
  const { LineCounter, parseDocument } = fullYaml();
  const lineCounter = new LineCounter();
  let doc: Document;
  try {
    doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch (error) {
    // The parser recurses per level: absurd nesting exhausts the stack before it can say where.
    if (error instanceof RangeError)
      return { ok: false, problems: [tooDeep(file, deepLine(text))] };
    throw error;
  }
  return sourceOfDocument(doc, text, file, lineCounter);
}

/**
 * One parsed document as a source; in a stream of documents `lineCounter` counts the whole
 * text, so positions are lines of the file.
 */
export function sourceOfDocument(
  doc: Document,
  text: string,
  file: string,
  lineCounter: LineCounter,
): LoadResult<YamlSource> {
  if (doc.errors.length > 0) {
    // A hint reads the lines and nodes around its error: the first few errors get one.
    const problems = firstOfEachLine(doc.errors, lineCounter).map((e, i) =>
      syntaxProblem(e, { file, text, doc, lineCounter }, i < HINTED_ERRORS),
    );
    return { ok: false, problems };
  }
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const locate = (path: DataPath): Position => {
    for (let n = path.length; n >= 0; n--) {
      const offset = nodeOffset(doc, path.slice(0, n));
      if (offset !== undefined) return at(offset);
    }
    return { line: 1, column: 1 };
  };
  const locateKey = (path: DataPath): Position => {
    const offset = keyOffset(doc, path);
    return offset === undefined ? locate(path) : at(offset);
  };
  const data = toData(doc);
  if (!data.ok) {
    if (data.error instanceof RangeError)
      return { ok: false, problems: [tooDeep(file, deepLine(text))] };
    return { ok: false, problems: [aliasProblem(doc, data.error, file, at)] };
  }
  const shape = shapeProblem(data.value);
  if (shape) {
    const where = locate(shape.path);
    return {
      ok: false,
      problems: [
        shape.kind === 'deep'
          ? { ...tooDeep(file, where.line), column: where.column }
          : { file, ...where, path: '', message: fileSay.circular, fix: fileSay.circularFix },
      ],
    };
  }
  return {
    ok: true,
    value: { file, data: data.value, lineCount: lineCounter.lineStarts.length, locate, locateKey },
  };
}

/** Plain data; aliases that point nowhere (or too often) fail here, not in the parser. */
function toData(doc: Document): { ok: true; value: unknown } | { ok: false; error: Error } {
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 1000 }) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error : new Error(String(error)) };
  }
}

function aliasProblem(
  doc: Document,
  error: Error,
  file: string,
  at: (offset: number) => Position,
): FileProblem {
  let offset: number | undefined;
  const { visit } = fullYaml();
  visit(doc, {
    Alias(_, node) {
      if (node.resolve(doc) !== undefined) return undefined;
      offset = node.range?.[0];
      return visit.BREAK;
    },
  });
  const position = offset === undefined ? { line: 1, column: 1 } : at(offset);
  const message = `invalid YAML: ${lowerFirst(error.message)}`;
  return { file, ...position, path: '', message, fix: yamlErrorFix('BAD_ALIAS') };
}

function tooDeep(file: string, line: number): FileProblem {
  return {
    file,
    line,
    path: '',
    message: fileSay.tooDeep(MAX_YAML_DEPTH),
    fix: fileSay.tooDeepFix,
  };
}

function nodeOffset(doc: Document, path: DataPath): number | undefined {
  const node = path.length === 0 ? doc.contents : doc.getIn(path, true);
  if (node !== null && typeof node === 'object' && 'range' in node && Array.isArray(node.range)) {
    return node.range[0] as number;
  }
  return undefined;
}

function keyOffset(doc: Document, path: DataPath): number | undefined {
  const key = path.at(-1);
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  const { isMap, isScalar } = fullYaml();
  if (key === undefined || !isMap(parent)) return undefined;
  for (const pair of parent.items) {
    if (isScalar(pair.key) && String(pair.key.value) === String(key)) return pair.key.range?.[0];
  }
  return undefined;
}

/** Syntax errors of a file that get a fix chosen by the lines around them (as many as are listed). */
const HINTED_ERRORS = 25;

/**
 * The parser's follow-on errors about a line it already faulted say nothing new: one a line. A
 * tab used as indentation throws every later line's indentation out of its reckoning, so the
 * errors after the first such tab are its consequences: only the tabs are listed then. Nesting
 * that exhausted the parser's stack is one problem: where the stack ran out (and whether it ran
 * out again on the way back) depends on how much of it the process had left.
 */
function firstOfEachLine(errors: readonly YAMLError[], lineCounter: LineCounter): YAMLError[] {
  const firstTab = errors.find((e) => e.code === 'TAB_AS_INDENT');
  const exhausted = errors.find((e) => e.code === 'RESOURCE_EXHAUSTION');
  const lines = new Set<number>();
  return errors.filter((e) => {
    if (exhausted && e.code === 'RESOURCE_EXHAUSTION' && e !== exhausted) return false;
    if (firstTab && e.code !== 'TAB_AS_INDENT' && e.pos[0] > firstTab.pos[0]) return false;
    const { line } = lineCounter.linePos(e.pos[0]);
    if (lines.has(line)) return false;
    lines.add(line);
    return true;
  });
}

interface Parsed {
  readonly file: string;
  readonly text: string;
  readonly doc: Document;
  readonly lineCounter: LineCounter;
}

function syntaxProblem(
  error: YAMLError,
  { file, text, doc, lineCounter }: Parsed,
  hinted: boolean,
): FileProblem {
  if (error.code === 'RESOURCE_EXHAUSTION') {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return { ...tooDeep(file, line), column: col };
  }
  const message = error.message.replace(/ at line \d+, column \d+:?[\s\S]*$/, '');
  const lineOf = (offset: number) => lineCounter.linePos(offset).line;
  const offset = error.pos[0];
  const hint = hinted
    ? yamlHint({ code: error.code, message, offset }, text, doc, lineOf)
    : { offset, fix: yamlErrorFix(error.code) };
  const { line, col } = lineCounter.linePos(hint.offset);
  return {
    file,
    line,
    column: col,
    path: '',
    message: `invalid YAML: ${lowerFirst(message)}`,
    fix: hint.fix,
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
