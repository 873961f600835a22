/**
 * A suite name as one folder name: a name is free text (`../../etc`, `a/b`, `..`), and a report
 * folder made from it must stay inside --out or reports/.
 */
export function folderName(name: string): string {
  const safe = name
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .slice(0, 100);
  return safe === '' ? 'suite' : safe;
}
