import type { PropertyResult } from '../contracts/properties/property-result.ts';
import type { StreamedReport } from '../model/report.ts';

const MAX_EXAMPLE = 600;

/** The counterexample as compact JSON, cut at a readable length. */
export function exampleText(p: PropertyResult): string {
  if (p.counterexample === undefined) return '';
  const text = JSON.stringify(p.counterexample) ?? String(p.counterexample);
  return text.length <= MAX_EXAMPLE ? text : `${text.slice(0, MAX_EXAMPLE - 1)}…`;
}

/** The command that replays a failed property's shrunk counterexample. */
export function replayCommand(
  report: Pick<StreamedReport, 'suite'>,
  p: PropertyResult,
): string | undefined {
  if (p.path === undefined) return undefined;
  return `npx baton run ${report.suite.file} --property '${p.id}' --seed ${p.seed} --path '${p.path}' --clock ${p.clock}`;
}

/** Properties that did not pass or skip: what a reader must look at. */
export function brokenProperties(report: Pick<StreamedReport, 'properties'>): PropertyResult[] {
  return report.properties.filter((p) => p.outcome === 'fail' || p.outcome === 'error');
}

/** `12 passed · 2 failed · 1 skipped` */
export function propertyTally(properties: readonly PropertyResult[]): string {
  const count = (o: PropertyResult['outcome']) => properties.filter((p) => p.outcome === o).length;
  const parts = [`${count('pass')} passed`, `${count('fail')} failed`];
  if (count('error') > 0) parts.push(`${count('error')} errored`);
  if (count('skip') > 0) parts.push(`${count('skip')} skipped`);
  return parts.join(' · ');
}
