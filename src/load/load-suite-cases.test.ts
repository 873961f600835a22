import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import { loadSuiteFile } from './load-suite.ts';
import { type CaseCache, checkSuiteCases, loadSuiteCases } from './load-suite-cases.ts';

async function suiteAt(file: string) {
  const loaded = await loadSuiteFile(file);
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'));
  return loaded.value;
}

describe('checkSuiteCases (what baton validate keeps of a suite)', () => {
  test('the same files and problems as loading the cases, duplicates across files included', async () => {
    const suite = await suiteAt('test/fixtures/load/tree/suites/main.yaml');
    const loaded = await loadSuiteCases(suite);

    const checked = await checkSuiteCases(suite, new Map());

    expect(checked.files).toEqual(loaded.files);
    expect(checked.problems.map(formatProblem)).toEqual(loaded.problems.map(formatProblem));
    expect(checked.problems.some((p) => p.message.includes('already used'))).toBe(true);
  });

  test('the cache holds each case as its id only, and a second suite reads it instead of the files', async () => {
    const suite = await suiteAt('suites/example.yaml');
    const cache: CaseCache = new Map();

    const first = await checkSuiteCases(suite, cache);
    const held = (await Promise.all(cache.values())).flat();
    const cached = [...cache.values()];
    const second = await checkSuiteCases(suite, cache);

    expect(held.length).toBe((await loadSuiteCases(suite)).cases.length);
    for (const { result } of held) {
      expect(result.ok && Object.keys(result.value)).toEqual(['id']);
    }
    const after = [...cache.values()];
    expect(after.length).toBe(cached.length);
    for (const [i, entry] of after.entries()) expect(entry).toBe(cached[i]);
    expect(second).toEqual(first);
  });
});

describe('loadSuiteCases', () => {
  test('a suite is never a case of its own: a glob beside it that matches it leaves it out', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'baton-self-include-'));
    try {
      await writeFile(
        join(dir, 'suite.yaml'),
        'name: self\ncases: { include: ["*.yaml"] }\nadapter: { type: module, path: suite.yaml }\n',
      );
      await writeFile(
        join(dir, 'refund.yaml'),
        [
          'id: refund',
          'title: A refund goes to refunds',
          'source: synthetic',
          'participants: { agents: [triage, refunds] }',
          'steps: [{ customer: "Refund order A-1." }]',
          'expect: { handoffs: [{ from: triage, to: refunds, at: 0 }] }',
          '',
        ].join('\n'),
      );

      const loaded = await loadSuiteCases(await suiteAt(join(dir, 'suite.yaml')));

      expect(loaded.problems.map(formatProblem)).toEqual([]);
      expect(loaded.cases.map((c) => c.id)).toEqual(['refund']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
