import { SpilledCases } from '../run/spill-cases.ts';

/**
 * The spill a run's case results go to as they finish: written as report.json writes a case, so
 * that report copies the texts and the other reporters parse them back one at a time. The JSON
 * writer loads here, when a run starts, not with the CLI.
 */
export async function reportSpill(): Promise<SpilledCases> {
  const { caseJsonText } = await import('../report/json.ts');
  return new SpilledCases(undefined, caseJsonText);
}
