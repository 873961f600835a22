import { validateFiles } from '../load/validate-files.ts';
import { type CliIo, EXIT } from './io.ts';
import { printProblems } from './print-problems.ts';

export const DEFAULT_VALIDATE_PATHS = ['cases', 'suites'];

/** `baton validate [paths]`: one line per problem, a count per file kind, exit 2 on any problem. */
export async function validateCommand(paths: readonly string[], io: CliIo): Promise<number> {
  const results = await validateFiles(paths.length > 0 ? [...paths] : DEFAULT_VALIDATE_PATHS);
  let bad = 0;
  for (const r of results) {
    if (r.problems.length === 0) continue;
    bad += 1;
    printProblems(io, r.problems);
  }
  const cases = results.filter((r) => r.kind === 'case').length;
  const suites = results.filter((r) => r.kind === 'suite').length;
  if (results.length === 0) {
    io.stderr(
      `baton: no YAML files found in ${paths.join(', ') || DEFAULT_VALIDATE_PATHS.join(', ')}.\n`,
    );
    return EXIT.usage;
  }
  const verdict = bad === 0 ? 'all valid' : `${bad} with problems`;
  io.stdout(`Checked ${cases} case file(s) and ${suites} suite file(s): ${verdict}.\n`);
  return bad === 0 ? EXIT.ok : EXIT.usage;
}
