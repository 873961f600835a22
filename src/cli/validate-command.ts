import { BatonError } from '../errors.ts';
import { type ValidatedFile, validateFiles } from '../load/validate-files.ts';
import { DEFAULT_SUITES, DEFAULT_VALIDATE_FOLDERS, defaultValidatePaths } from './defaults.ts';
import { type CliIo, EXIT } from './io.ts';
import { printProblems } from './print-problems.ts';

/** `baton validate [paths]`: one line per problem, a count per file kind, exit 2 on any problem. */
export async function validateCommand(paths: readonly string[], io: CliIo): Promise<number> {
  const given = paths.length > 0 ? paths : pathsByDefault(io.cwd);
  const results = await validateFiles(given);
  for (const r of results) if (r.problems.length > 0) printProblems(io, r.problems);
  if (results.length === 0) {
    io.stderr(`baton: no YAML files found in ${given.join(', ')}.\n`);
    return EXIT.usage;
  }
  io.stdout(`${summary(results)}\n`);
  return results.some((r) => r.problems.length > 0) ? EXIT.usage : EXIT.ok;
}

function pathsByDefault(cwd: string): string[] {
  const found = defaultValidatePaths(cwd);
  if (found.length > 0) return found;
  const looked = [...DEFAULT_SUITES, ...DEFAULT_VALIDATE_FOLDERS.map((f) => `${f}/`)];
  const places = `${looked.slice(0, -1).join(', ')} or ${looked.at(-1)}`;
  throw new BatonError(
    'usage',
    `Failed to find files to check: no path was given and none of ${places} exists here. Pass files or folders (baton validate baton/cases), or scaffold a suite with baton init.`,
  );
}

/** The count line: only files that were read count as checked; a missing path is counted apart. */
export function summary(results: readonly ValidatedFile[]): string {
  const checked = results.filter((r) => r.kind !== 'missing');
  const cases = checked.filter((r) => r.kind === 'case').length;
  const suites = checked.filter((r) => r.kind === 'suite').length;
  const bad = checked.filter((r) => r.problems.length > 0).length;
  const missing = results.length - checked.length;
  const verdict = [
    ...(bad > 0 ? [`${bad} with problems`] : checked.length > 0 ? ['all valid'] : []),
    ...(missing > 0 ? [`${missing} path(s) not found`] : []),
  ];
  return `Checked ${cases} case file(s) and ${suites} suite file(s): ${verdict.join('; ')}.`;
}
