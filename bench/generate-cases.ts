import type { Case } from '../src/model/labelled-case.ts';

/**
 * N cases made from the bundled ones: each template repeated with a fresh id, so that every
 * label stays true and the run's verdicts can be checked (all pass with the bundled policy).
 */
export function generateCases(templates: readonly Case[], n: number): Case[] {
  if (templates.length === 0) throw new Error('no templates: the bundled cases did not load');
  const out: Case[] = [];
  for (let i = 0; i < n; i++) {
    const t = templates[i % templates.length]!;
    const suffix = String(i).padStart(5, '0');
    out.push({ ...t, id: `${t.id}-${suffix}` });
  }
  return out;
}
