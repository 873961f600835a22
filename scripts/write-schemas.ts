// Writes the published JSON Schemas for case and suite files and report.json (npm run schemas).
import { writeFile } from 'node:fs/promises';
import { SCHEMA_FILES, type SchemaKind, schemaFileText } from '../src/load/json-schemas.ts';

for (const kind of Object.keys(SCHEMA_FILES) as SchemaKind[]) {
  const { path } = SCHEMA_FILES[kind];
  await writeFile(new URL(`../${path}`, import.meta.url), schemaFileText(kind));
  console.log(`wrote ${path}`);
}
