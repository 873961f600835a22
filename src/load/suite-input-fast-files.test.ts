import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { globSync } from 'tinyglobby';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { SuiteInput } from '../model/suite.ts';
import { fastSuiteInput } from '../model/suite-input-fast.ts';

test('the hand-written suite check is sure of nearly every suite shipped with Baton, with zod’s value', () => {
  const root = join(import.meta.dirname, '../..');
  const files = globSync(['suites/**/*.yaml', 'examples/**/*.yaml', 'test/**/*.yaml'], {
    cwd: root,
    absolute: true,
    ignore: ['**/node_modules/**'],
  });
  let sure = 0;
  let suites = 0;
  for (const file of files) {
    const data = parse(readFileSync(file, 'utf8'));
    if (typeof data !== 'object' || data === null || !('adapter' in data)) continue;
    const zod = SuiteInput.safeParse(data);
    if (!zod.success) continue;
    suites++;
    const fast = fastSuiteInput(data);
    if (fast === undefined) continue;
    sure++;
    // Same values, and the same keys in the same order (a suite's fingerprint hashes them).
    expect(isDeepStrictEqual(fast, zod.data), file).toBe(true);
    expect(JSON.stringify(fast), file).toBe(JSON.stringify(zod.data));
  }
  expect(suites).toBeGreaterThan(50);
  // Suites with contracts, properties, variants and the like are the schema's: a minority.
  expect(sure).toBeGreaterThan(suites / 2);
});
