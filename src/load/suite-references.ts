import { type Stats, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { FileProblem } from '../errors.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { expandTraceFilesSync, isTraceGlob } from '../traces/trace-file-globs.ts';
import { place } from './draft.ts';
import { displayPath, kindOf } from './files.ts';
import type { DataPath } from './load-result.ts';
import { type ReadPolicy, readPolicy } from './read-policy.ts';
import type { YamlSource } from './yaml-document.ts';

/** The files a suite names (adapter module, contract modules), each with where it is written. */
function references(config: ParsedSuite): { path: DataPath; given: string; what: string }[] {
  const refs: { path: DataPath; given: string; what: string }[] = [];
  const adapter = config.adapter;
  if (
    adapter.type === 'module' ||
    adapter.type === 'openai-agents' ||
    adapter.type === 'langgraph'
  ) {
    refs.push({ path: ['adapter', 'path'], given: adapter.path, what: 'adapter module' });
  }
  if (adapter.type === 'traces') {
    adapter.files.forEach((given, i) => {
      refs.push({ path: ['adapter', 'files', i], given, what: 'trace file' });
    });
  }
  config.contracts?.modules.forEach((given, i) => {
    refs.push({ path: ['contracts', 'modules', i], given, what: 'contract module' });
  });
  return refs;
}

/**
 * Files a valid suite names but that do not exist: found at load time, so `validate` and `run`
 * report them with a line and column instead of failing later when the adapter starts.
 */
export function missingReferences(config: ParsedSuite, source: YamlSource): FileProblem[] {
  const dir = dirname(resolve(source.file));
  const policy = readPolicy(source.file, config.allow_read);
  const problems: FileProblem[] = [];
  for (const ref of references(config)) {
    const draft =
      ref.what === 'trace file' && isTraceGlob(ref.given)
        ? globProblem(ref, dir, policy)
        : referenceProblem(ref, resolve(dir, ref.given), policy);
    if (draft) problems.push(place({ path: ref.path, at: 'value', ...draft }, source));
  }
  return problems;
}

/** A trace-file glob (`exports/traces*.jsonl`) must match a file, inside the project. */
function globProblem(
  ref: { given: string; what: string },
  dir: string,
  policy: ReadPolicy,
): { message: string; fix: string } | undefined {
  const { files } = expandTraceFilesSync(dir, [ref.given]);
  if (files.length === 0) {
    return {
      message: `expected \`${ref.given}\` to match ${ref.what}s, received no file`,
      fix: `check the pattern: it is relative to the suite's folder (${displayPath(dir)})`,
    };
  }
  const outside = files.find((f) => !policy.allows(f));
  return outside === undefined ? undefined : outsideProject(ref.what, outside, policy);
}

function referenceProblem(
  ref: { given: string; what: string },
  file: string,
  policy: ReadPolicy,
): { message: string; fix: string } | undefined {
  let info: Stats;
  try {
    info = statSync(file);
  } catch {
    return {
      message: `no ${ref.what} at ${ref.given} (looked for ${file})`,
      fix: 'paths in a suite are relative to the suite file; fix the path or create the file',
    };
  }
  if (!info.isFile()) {
    return {
      message: `the ${ref.what} ${ref.given} is ${kindOf(info)}, not a file`,
      fix: `point it at a regular file`,
    };
  }
  if (!policy.allows(file)) return outsideProject(ref.what, file, policy);
  return undefined;
}

/** The problem for a file outside every folder the suite may read. */
export function outsideProject(what: string, file: string, policy: ReadPolicy) {
  return {
    message: `the ${what} ${file} is outside the project (${policy.roots[0]}), and Baton reads only inside it`,
    fix: `move the file into the project, or list its folder in the suite's \`allow_read\``,
  };
}
