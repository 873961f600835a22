import { type Stats, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { FileProblem } from '../errors.ts';
import type { Case } from '../model/labelled-case.ts';
import { kindOf } from './files.ts';
import type { Loaded } from './loaded.ts';
import { caseSay } from './wording.ts';

/**
 * Trace cases whose own `trace.file` is missing (or no regular file), turned into problems at the
 * case's `trace:` line: found while the cases load, so `baton validate` reports them instead of
 * the run erroring on each case. Paths are relative to the case file, as the adapter reads them.
 */
export function withTraceFileProblems(loaded: readonly Loaded[]): readonly Loaded[] {
  if (!loaded.some((l) => l.result.ok && l.result.value.trace?.file !== undefined)) return loaded;
  // In a file of many cases, the problem names the case's line, so the others still run.
  const many = loaded.length > 1;
  return loaded.map((l) => {
    if (!l.result.ok) return l;
    const found = traceFileProblem(l.result.value);
    if (!found) return l;
    const at = many ? l.idAt?.line : undefined;
    const problem = at === undefined ? found : { ...found, caseAt: at };
    return { ...l, result: { ok: false, problems: [problem] } };
  });
}

function traceFileProblem(c: Case): FileProblem | undefined {
  const given = c.trace?.file;
  if (given === undefined || c.file === undefined) return undefined;
  const file = resolve(dirname(c.file), given);
  let info: Stats;
  try {
    info = statSync(file);
  } catch {
    return problem(c, `no trace file at ${given} (looked for ${file})`);
  }
  return info.isFile()
    ? undefined
    : problem(c, `the trace file ${given} is ${kindOf(info)}, not a file`);
}

function problem(c: Case, message: string): FileProblem {
  const line = c.positions?.trace;
  return {
    file: c.file ?? '',
    ...(line !== undefined && { line }),
    path: 'trace.file',
    message,
    fix: caseSay.noTraceFile,
  };
}
