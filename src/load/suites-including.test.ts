import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { caseIdOf, suitesIncluding } from './suites-including.ts';

const dir = 'test/fixtures/load/select';

describe('suitesIncluding', () => {
  test('the valid suites in the folders whose globs select the case, by name, each once', async () => {
    const found = await suitesIncluding(`${dir}/cases/a-refund.yaml`, [dir, `${dir}/`, 'nowhere']);

    expect(found).toEqual([
      resolve(dir, 'no-match.yaml'),
      resolve(dir, 'suite.yaml'),
      resolve(dir, 'with-twins.yaml'),
    ]);
  });

  test('a case no suite there selects: none', async () => {
    expect(await suitesIncluding(`${dir}/twins/twin.yaml`, [`${dir}/cases`])).toEqual([]);
    expect(await suitesIncluding(`${dir}/twins/twin.yaml`, [dir])).toEqual([
      resolve(dir, 'with-twins.yaml'),
    ]);
  });
});

describe('caseIdOf', () => {
  test('the id a case file gives, or undefined', async () => {
    expect(await caseIdOf(`${dir}/cases/a-refund.yaml`)).toBe('refund-over-limit');
    expect(await caseIdOf(`${dir}/suite.yaml`)).toBeUndefined();
    expect(await caseIdOf(`${dir}/missing.yaml`)).toBeUndefined();
  });
});
