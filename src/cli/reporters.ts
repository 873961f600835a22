import { BatonError } from '../errors.ts';
import { closestMatch } from '../load/suggest.ts';
import { REPORT_FORMATS, type ReportFormat } from '../model/suite-constants.ts';

/** `--reporter junit,html` or `--reporter junit html` → the formats, checked. */
export function parseReporters(given: readonly string[] | undefined): ReportFormat[] | undefined {
  if (!given) return undefined;
  const names = given
    .flatMap((g) => g.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(REPORT_FORMATS as readonly string[]).includes(name)) {
      const near = closestMatch(name, REPORT_FORMATS);
      throw new BatonError(
        'usage',
        `Failed to read --reporter: unknown reporter "${name}". ${near === undefined ? '' : `Did you mean ${near}? `}Use any of ${REPORT_FORMATS.join(', ')} (comma separated).`,
      );
    }
  }
  return names as ReportFormat[];
}

/**
 * The reporters a run uses: `--reporter` if given, else the suite's, plus `github` inside
 * GitHub Actions (annotations and the job summary cost nothing there and help everyone).
 */
export function chooseReporters(
  flags: readonly ReportFormat[] | undefined,
  suite: readonly ReportFormat[],
  env: Readonly<Record<string, string | undefined>>,
): ReportFormat[] {
  if (flags) return [...flags];
  const inActions = env.GITHUB_ACTIONS === 'true';
  return inActions && !suite.includes('github') ? [...suite, 'github'] : [...suite];
}

export { parseShard } from './shard.ts';
