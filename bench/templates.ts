import { resolve } from 'node:path';
import { loadCaseFile } from '../src/load/load-case.ts';
import type { Case } from '../src/model/labelled-case.ts';

export const root = resolve(import.meta.dirname, '..');
export const policyFile = resolve(root, 'examples/support-router/policy.yaml');

/** The bundled support cases, the templates the generated cases repeat. */
export async function loadTemplates(): Promise<Case[]> {
  const { globSync } = await import('tinyglobby');
  const files = globSync('cases/support/*.yaml', { cwd: root, absolute: true });
  const loaded = await Promise.all(files.map((f) => loadCaseFile(f)));
  return loaded.flatMap((r) => (r.ok ? [r.value] : []));
}
