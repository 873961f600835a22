import { dirname, relative, resolve } from 'node:path';
import { BatonError } from '../../errors.ts';
import type { Case } from '../../model/labelled-case.ts';
import type { CaseNote } from '../../model/report.ts';
import type { SpanRecord } from '../../normalize/span-record.ts';
import type { TraceProblem } from '../../traces/read-batches.ts';
import type { TraceIndex } from '../../traces/trace-index.ts';
import { uniqueSpans } from '../../traces/unique-spans.ts';

export type IndexOf = (file: string) => Promise<TraceIndex>;

/**
 * The spans of the trace(s) a case labels: its `trace_id`, every trace of its `conversation_id`,
 * or — when it names neither — every trace of its files. The files are the case's own
 * `trace.file` (relative to the case) or else the suite's. Throws an adapter error naming the id
 * and the files when nothing is found; else returns the spans with what the files could not read
 * and the ids of the traces it selected.
 */
export async function findCaseTraces(
  testCase: Case,
  suiteFiles: readonly string[],
  indexOf: IndexOf,
): Promise<{ spans: SpanRecord[]; problems: TraceProblem[]; traceIds: Set<string> }> {
  const ref = testCase.trace;
  if (!ref) {
    throw new BatonError(
      'adapter.load',
      `Failed to find a trace for case ${testCase.id}: it has no \`trace:\`. Add \`trace: { trace_id: … }\` or \`trace: { conversation_id: … }\` to the case, or run it with another adapter.`,
    );
  }
  const files = ref.file
    ? [resolve(dirname(testCase.file ?? '.'), ref.file)]
    : suiteFiles.map((f) => resolve(f));
  if (files.length === 0) {
    throw new BatonError(
      'adapter.load',
      `Failed to find a trace for case ${testCase.id}: neither the case (\`trace.file\`) nor the suite (\`adapter.files\`) names a trace file.`,
    );
  }
  const spans: SpanRecord[] = [];
  const problems: TraceProblem[] = [];
  const traceIds = new Set<string>();
  if (ref.traceId) traceIds.add(ref.traceId);
  for (const file of files) {
    const index = await indexOf(file);
    problems.push(...index.problems);
    const ids = ref.traceId
      ? index.has(ref.traceId)
        ? [ref.traceId]
        : []
      : ref.conversationId !== undefined
        ? index.conversation(ref.conversationId)
        : [...index.traceIds];
    for (const id of ids) traceIds.add(id);
    if (ids.length === 0) continue;
    for (const span of await index.load(ids)) spans.push(span);
  }
  if (spans.length === 0) throw notFound(testCase, files, problems);
  return { spans: uniqueSpans(spans), problems, traceIds };
}

/** Places of the files that could not be read, as a run warning: spans there are left out. */
export function unreadNote(problems: readonly TraceProblem[]): CaseNote | undefined {
  const first = problems[0];
  if (!first) return undefined;
  const files = [...new Set(problems.map((p) => shownPath(p.file)))].join(', ');
  const at = `${shownPath(first.file)}${first.line === undefined ? '' : `:${first.line}`}`;
  return {
    code: 'traces.unreadable',
    message: `${problems.length} place(s) in ${files} could not be read, first ${at}: ${first.message}. Their spans are left out: a case whose trace had spans there is judged on the rest`,
    fix: 'fix or re-export the file: each line (or the whole file) must be an OTLP/JSON export request',
  };
}

function shownPath(file: string): string {
  return relative(process.cwd(), file) || file;
}

function notFound(testCase: Case, files: readonly string[], problems: readonly TraceProblem[]) {
  const ref = testCase.trace ?? {};
  const what = ref.traceId
    ? `trace ${ref.traceId}`
    : ref.conversationId !== undefined
      ? `a trace of conversation ${ref.conversationId}`
      : 'any span';
  const shown = files.map((f) => relative(process.cwd(), f) || f).join(', ');
  const unread =
    problems.length > 0
      ? ` ${problems.length} place(s) in the files could not be read, first ${shownPath(problems[0]?.file ?? '')}${problems[0]?.line === undefined ? '' : `:${problems[0]?.line}`}: ${problems[0]?.message}.`
      : '';
  return new BatonError(
    'adapter.load',
    `Failed to find ${what} for case ${testCase.id} in ${shown}.${unread} Check the id in the case's \`trace:\` and the suite's \`adapter.files\`.`,
  );
}
