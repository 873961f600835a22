import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { CaseInput, RARE_CASE_PARTS } from '../model/case.ts';
import { fastCaseInput } from '../model/case-input-fast.ts';

test('the hand-written case check is sure of every case file shipped with Baton, with zod’s value', () => {
  const root = join(import.meta.dirname, '../../cases');
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.yaml'),
  );
  let cases = 0;
  for (const file of files) {
    const data = parse(readFileSync(join(root, file), 'utf8'));
    if (typeof data !== 'object' || data === null || !('expect' in data)) continue;
    cases++;
    const zod = CaseInput.safeParse(data);
    const fast = fastCaseInput(data, RARE_CASE_PARTS);
    expect(zod.success, file).toBe(true);
    // Same values, and the same keys in the same order.
    expect(isDeepStrictEqual(fast, zod.data), file).toBe(true);
    expect(JSON.stringify(fast), file).toBe(JSON.stringify(zod.data));
  }
  expect(cases).toBeGreaterThan(30);
});
