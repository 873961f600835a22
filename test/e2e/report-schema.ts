import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';

const schemaFile = new URL('../../schemas/report.schema.json', import.meta.url);
const validate = new Ajv2020({ allErrors: true, strict: false }).compile(
  JSON.parse(readFileSync(schemaFile, 'utf8')),
);

/** Problems of a report.json against the published schema, one line each (none: valid). */
export function reportSchemaProblems(data: unknown): string[] {
  if (validate(data)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

/** The report.json files a CLI run says it wrote (its `Reports: …` lines). */
export function writtenReports(stdout: string, cwd: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('Reports'))
    .flatMap((line) => line.slice(line.indexOf(':') + 1).split(','))
    .map((path) => path.trim())
    .filter((path) => path.endsWith('report.json'))
    .map((path) => (isAbsolute(path) ? path : join(cwd, path)));
}

/** Throws when a report.json the CLI wrote does not match schemas/report.schema.json. */
export function assertReportsMatchSchema(stdout: string, cwd: string): void {
  for (const file of writtenReports(stdout, cwd)) {
    const problems = reportSchemaProblems(JSON.parse(readFileSync(file, 'utf8')));
    if (problems.length > 0) {
      throw new Error(`${file} does not match schemas/report.schema.json:\n${problems.join('\n')}`);
    }
  }
}
