import { CompareReportSchema } from '../compare/compare-report.ts';
import { CaseInput } from '../model/case.ts';
import { CompatInput } from '../model/compat-config.ts';
import { RunReportSchema } from '../model/report-schema.ts';
import { SuiteInput } from '../model/suite.ts';
import { inputJsonSchema, type JsonSchema } from './input-json-schema.ts';

export type { JsonSchema } from './input-json-schema.ts';

/** The published schemas: their file (relative to the project root), id and title. */
export const SCHEMA_FILES = {
  case: {
    path: 'schemas/case.schema.json',
    title: 'Baton case',
    description: 'One labelled situation: participants, steps, and the handoffs that must happen.',
  },
  suite: {
    path: 'schemas/suite.schema.json',
    title: 'Baton suite',
    description: 'Which cases to run, against which adapter, with which checks and gates.',
  },
  report: {
    path: 'schemas/report.schema.json',
    title: 'Baton run report',
    description:
      'The report.json baton run writes: verdicts, metrics, gates, every case with its findings and timeline.',
  },
  compat: {
    path: 'schemas/compat.schema.json',
    title: 'Baton contract compatibility',
    description:
      'Recorded envelopes of sender versions and the contracts of receiver versions, for baton can-i-deploy.',
  },
  compare: {
    path: 'schemas/compare.schema.json',
    title: 'Baton comparison',
    description:
      'compare.json: a candidate run against its baseline, case by case and metric by metric.',
  },
} as const;

const SOURCES = {
  case: CaseInput,
  suite: SuiteInput,
  report: RunReportSchema,
  compat: CompatInput,
  compare: CompareReportSchema,
} as const;

export type SchemaKind = keyof typeof SCHEMA_FILES;

/** The input-side JSON Schema of a file kind (what users write, defaults optional). */
export function jsonSchemaOf(kind: SchemaKind): JsonSchema {
  return inputJsonSchema(SOURCES[kind]);
}

/** The exact text of a published schema file; a test compares it to the committed file. */
export function schemaFileText(kind: SchemaKind): string {
  const { $schema, ...rest } = jsonSchemaOf(kind);
  const { path, title, description } = SCHEMA_FILES[kind];
  const published = { $schema, $id: `urn:baton:${path}`, title, description, ...rest };
  return `${JSON.stringify(published, null, 2)}\n`;
}
