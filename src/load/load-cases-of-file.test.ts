import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { describe, expect, test } from 'vitest';
import { parseCaseText } from './load-case.ts';
import { loadCasesOfFile } from './load-suite-cases.ts';
import { parseYamlFast } from './yaml-fast.ts';

const REPO = new URL('../..', import.meta.url).pathname;
const files = (pattern: string) => globSync(pattern, { cwd: REPO, absolute: true });

describe('loadCasesOfFile', () => {
  test('a case through the fast parser is the case the full parser makes, positions included', async () => {
    const good = files('cases/**/*.yaml');
    const fast = good.filter((f) => parseYamlFast(readFileSync(f, 'utf8'), f) !== undefined);
    expect(fast.length).toBeGreaterThan(good.length * 0.9);
    for (const file of good) {
      const [loaded] = await loadCasesOfFile(file);
      expect(loaded?.result).toEqual(parseCaseText(readFileSync(file, 'utf8'), file));
    }
  });

  test('a file that fails validation is parsed again: its problems keep the full positions', async () => {
    const broken = files('test/fixtures/load/cases/broken/*.yaml');
    const parsedFast = broken.filter((f) => parseYamlFast(readFileSync(f, 'utf8'), f));
    // Most broken cases are plain YAML the fast parser reads; validation sends them back.
    expect(parsedFast.length).toBeGreaterThan(5);
    for (const file of broken) {
      const [loaded] = await loadCasesOfFile(file);
      const full = parseCaseText(readFileSync(file, 'utf8'), file);
      expect(full.ok).toBe(false);
      expect(loaded?.result).toEqual(full);
    }
  });

  test('a wrong type deep in a plain file is named at its line and column', async () => {
    const file = `${REPO}test/fixtures/load/cases/broken/wrong-type.yaml`;
    const [loaded] = await loadCasesOfFile(file);
    if (loaded?.result.ok !== false) throw new Error('expected problems');
    expect(loaded.result.problems[0]).toMatchObject({ file, line: expect.any(Number) });
    expect(loaded.result.problems[0]?.column).toBeGreaterThan(0);
  });
});
