import { extname } from 'node:path';
import type { FileProblem } from '../errors.ts';
import { fullYaml } from './full-yaml.ts';
import type { LoadResult } from './load-result.ts';
import { isEmpty } from './stream-document.ts';
import { fileSay } from './wording.ts';
import { MAX_YAML_DEPTH, shapeProblem } from './yaml-depth.ts';
import { type Position, parseYaml, sourceOfDocument, type YamlSource } from './yaml-document.ts';

/** Case files holding one JSON case a line (cases exported from production). */
export const JSON_LINES_EXTENSIONS = new Set(['.jsonl', '.ndjson']);

/** True for a `.jsonl` / `.ndjson` file name. */
export function isJsonLines(file: string): boolean {
  return JSON_LINES_EXTENSIONS.has(extname(file).toLowerCase());
}

/** One case's document; `at` (the line it starts on) is set only in a file of many cases. */
export interface CaseSource {
  readonly at?: number;
  readonly source: LoadResult<YamlSource>;
}

/** A `---` (or `...`) at the start of a line: the text may hold more than one YAML document. */
const DOCUMENT_MARK = /^(?:---|\.\.\.)(?:[ \t]|$)/m;

/** True when the text is one YAML document: no `---` or `...` marks, not JSON lines. */
export function isOneDocument(text: string, file: string): boolean {
  return !isJsonLines(file) && !DOCUMENT_MARK.test(text);
}

/**
 * The case documents of a file: one for a plain YAML file, one per document of a YAML stream
 * (`---` between cases), one per non-blank line of a JSON-lines file. Each is parsed alone, so a
 * broken case costs only itself; problems carry the line in the file.
 */
export function caseSources(text: string, file: string): CaseSource[] {
  if (isJsonLines(file)) return jsonLineSources(text, file);
  if (isOneDocument(text, file)) return [{ source: parseYaml(text, file) }];
  const { LineCounter, parseAllDocuments } = fullYaml();
  const lineCounter = new LineCounter();
  let docs: ReturnType<typeof parseAllDocuments>;
  try {
    docs = parseAllDocuments(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  } catch {
    // Too deep for the parser: the single-document path says where.
    return [{ source: parseYaml(text, file) }];
  }
  if (!Array.isArray(docs)) return [{ source: sourceOfDocument(docs, text, file, lineCounter) }];
  // An empty document (a leading or trailing `---`) is no case.
  const cases = docs.filter((doc) => doc.errors.length > 0 || !isEmpty(doc.contents));
  if (cases.length <= 1) return [{ source: parseYaml(text, file) }];
  return cases.map((doc) => {
    const start = doc.contents?.range?.[0] ?? doc.range?.[0] ?? 0;
    const at = lineCounter.linePos(start).line;
    return { at, source: sourceOfDocument(doc, text, file, lineCounter) };
  });
}

function jsonLineSources(text: string, file: string): CaseSource[] {
  const out: CaseSource[] = [];
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const lineText = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineText.trim() === '') continue;
    const source = jsonLineSource(lineText, file, index + 1);
    // A trace export in a case glob is one mistake, not one broken case per span batch.
    if (source.ok && isTelemetryExport(source.value.data))
      return [telemetryExport(file, index + 1)];
    out.push({ at: index + 1, source });
  }
  return out;
}

/** The top-level keys of an OpenTelemetry Collector file export's lines (OTLP JSON). */
const TELEMETRY_KEYS = ['resourceSpans', 'resource_spans', 'resourceLogs', 'resourceMetrics'];

function isTelemetryExport(data: unknown): boolean {
  return (
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    TELEMETRY_KEYS.some((key) => key in data)
  );
}

function telemetryExport(file: string, line: number): CaseSource {
  const problem: FileProblem = {
    file,
    line,
    column: 1,
    path: '',
    message: 'this is an OpenTelemetry export (OTLP JSON lines), not a file of cases',
    fix: "keep it out of cases.include; list it under a traces adapter's `files:` and point a case's `trace:` at its trace ids (docs/adapters/traces.md)",
  };
  return { source: { ok: false, problems: [problem] } };
}

function jsonLineSource(text: string, file: string, line: number): LoadResult<YamlSource> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [jsonProblem(error, text, file, line)] };
  }
  if (shapeProblem(data)?.kind === 'deep') {
    const problem = { file, line, path: '', message: fileSay.tooDeep(MAX_YAML_DEPTH) };
    return { ok: false, problems: [{ ...problem, fix: fileSay.tooDeepFix }] };
  }
  // Positions inside the line are found only when a problem must point at one.
  let parsed: YamlSource | undefined;
  const inLine = (): YamlSource | undefined => {
    if (parsed === undefined) {
      const source = parseYaml(text, file);
      if (source.ok) parsed = source.value;
    }
    return parsed;
  };
  const shift = (p: Position): Position => ({ line, column: p.column });
  return {
    ok: true,
    value: {
      file,
      data,
      line,
      lineCount: line,
      locate: (path) => {
        const source = inLine();
        return source ? shift(source.locate(path)) : { line, column: 1 };
      },
      locateKey: (path) => {
        const source = inLine();
        return source ? shift(source.locateKey(path)) : { line, column: 1 };
      },
    },
  };
}

/** Where JSON.parse broke, without quoting the line (a case may hold customer text). */
function jsonProblem(error: unknown, text: string, file: string, line: number): FileProblem {
  const said = error instanceof Error ? error.message : String(error);
  const at = /at position (\d+)/.exec(said);
  const column = at ? Math.min(Number(at[1]) + 1, text.length + 1) : undefined;
  const what = said
    .replace(/, ".*" is not valid JSON$/s, '')
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/^\w/, (c) => c.toLowerCase());
  return {
    file,
    line,
    ...(column !== undefined && { column }),
    path: '',
    message: `invalid JSON: ${what}`,
    fix: 'write each case as one complete JSON object on its own line (no line breaks inside a case)',
  };
}
