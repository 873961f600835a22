import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { SCHEMA_FILES, type SchemaKind, schemaFileText } from './json-schemas.ts';

describe('published JSON Schemas', () => {
  test.each(Object.keys(SCHEMA_FILES) as SchemaKind[])(
    '%s schema file is up to date',
    async (kind) => {
      const path = SCHEMA_FILES[kind].path;
      const committed = await readFile(new URL(`../../${path}`, import.meta.url), 'utf8');

      expect(committed, `${path} is out of date: run npm run schemas`).toBe(schemaFileText(kind));
    },
  );

  test('the schemas have an id and a title and allow a `$schema` key', () => {
    const schema = JSON.parse(schemaFileText('case'));

    expect(schema).toMatchObject({
      $id: 'urn:baton:schemas/case.schema.json',
      title: 'Baton case',
      properties: { $schema: { type: 'string' } },
    });
    expect(JSON.parse(schemaFileText('suite')).properties.$schema).toEqual({ type: 'string' });
  });
});
