import { describe, expect, test } from 'vitest';
import { formatProblem } from '../errors.ts';
import type { Case } from '../model/labelled-case.ts';
import { PackedCases } from '../run/packed-cases.ts';
import { loadSuiteFile } from './load-suite.ts';
import { loadSuiteCases } from './load-suite-cases.ts';
import { CaseArena, PackedCase, packCase, unpackCase } from './packed-case.ts';

async function exampleSuite() {
  const loaded = await loadSuiteFile('suites/example.yaml');
  if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'));
  return loaded.value;
}

describe('cases packed as their files load', () => {
  test('a large suite (here: from one file) holds packed cases that unpack to what the loader made', async () => {
    const suite = await exampleSuite();
    const plain = await loadSuiteCases(suite);
    const packed = await loadSuiteCases(suite, 1);

    expect(plain.cases.length).toBeGreaterThan(30);
    expect(plain.cases.every((c) => !(c instanceof PackedCase))).toBe(true);
    expect(packed.cases.every((c) => c instanceof PackedCase)).toBe(true);
    expect(packed.problems).toEqual(plain.problems);
    expect(packed.files).toEqual(plain.files);
    expect(packed.cases.map(unpackCase)).toStrictEqual(plain.cases);
    // What choosing and sharding read stays at hand without unpacking.
    expect(packed.cases.map((c) => [c.id, c.tags, c.file, c.faults])).toEqual(
      plain.cases.map((c) => [c.id, c.tags, c.file, c.faults]),
    );
  });

  test('a run takes packed cases over as they are, and each comes back whole', async () => {
    const suite = await exampleSuite();
    const plain = await loadSuiteCases(suite);
    const packed = await loadSuiteCases(suite, 1);
    const run = new PackedCases(packed.cases);

    expect(packed.cases).toEqual([]);
    expect(run.length).toBe(plain.cases.length);
    plain.cases.forEach((c, i) => {
      expect(run.at(i)).toStrictEqual(c);
    });
  });

  test('a case JSON would change (a date, .inf) is held as the object it is', async () => {
    const [first] = (await loadSuiteCases(await exampleSuite())).cases as Case[];
    const dated = { ...first, steps: [{ kind: 'tool', result: new Date(0) }] } as unknown as Case;
    const infinite = {
      ...first,
      steps: [{ kind: 'tool', result: Number.POSITIVE_INFINITY }],
    } as unknown as Case;
    const arena = new CaseArena();

    expect(packCase(dated, arena)).toBe(dated);
    expect(packCase(infinite, arena)).toBe(infinite);
    expect(packCase(first as Case, arena)).toBeInstanceOf(PackedCase);
  });
});
