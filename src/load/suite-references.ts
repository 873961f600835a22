import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { FileProblem } from '../errors.ts';
import type { ParsedSuite } from '../model/suite.ts';
import { place } from './draft.ts';
import type { DataPath } from './load-result.ts';
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
  return references(config)
    .filter((ref) => !existsSync(resolve(dir, ref.given)))
    .map((ref) =>
      place(
        {
          path: ref.path,
          at: 'value',
          message: `no ${ref.what} at ${ref.given} (looked for ${resolve(dir, ref.given)})`,
          fix: 'paths in a suite are relative to the suite file; fix the path or create the file',
        },
        source,
      ),
    );
}
