import { dirname, resolve } from 'node:path';

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

/** What decides where a suite's reports go. */
export interface ReportFolderOptions {
  /** `--out` as typed: relative to the working folder. */
  readonly out?: string | undefined;
  /** The suite's `reports.dir` as written: relative to the suite file. */
  readonly dir?: string | undefined;
  readonly suiteFile: string;
  readonly suiteName: string;
  readonly cwd: string;
}

/**
 * The absolute report folder of a suite, by the one path rule: a path on the command line
 * (`--out`) resolves against the working folder, a path written in the suite (`reports.dir`)
 * against the suite file; with neither, `reports/<suite name>` in the working folder.
 */
export function reportFolder(o: ReportFolderOptions): string {
  if (o.out !== undefined) return resolve(o.cwd, o.out);
  if (o.dir !== undefined) return resolve(dirname(resolve(o.cwd, o.suiteFile)), o.dir);
  return resolve(o.cwd, 'reports', folderName(o.suiteName));
}
