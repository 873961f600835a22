import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { reportSchemaProblems } from '../../test/e2e/report-schema.ts';
import { erroredRun, regressedRun, repeatedRun } from './fixtures.ts';
import { renderJson } from './json.ts';

describe('schemas/report.schema.json', () => {
  test('a report written before the schema was published still validates (version 1)', async () => {
    const old = await readFile(new URL('./fixtures/report-v1.json', import.meta.url), 'utf8');

    expect(reportSchemaProblems(JSON.parse(old))).toEqual([]);
  });

  test.each([
    ['regressed', regressedRun],
    ['errored', erroredRun],
    ['repeated', repeatedRun],
  ])('the %s report as renderJson writes it validates', (_name, build) => {
    expect(reportSchemaProblems(JSON.parse(renderJson(build())))).toEqual([]);
  });

  test('a report missing its cases or with a wrong status does not validate', () => {
    const { cases: _, ...noCases } = JSON.parse(renderJson(regressedRun()));
    const bad = JSON.parse(renderJson(regressedRun()));
    bad.cases[0].status = 'flaky';

    expect(reportSchemaProblems(noCases)).toContain("/ must have required property 'cases'");
    expect(reportSchemaProblems(bad).join('\n')).toContain('/cases/0/status');
  });
});
