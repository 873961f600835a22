import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { loadCaseFile } from '../load/load-case.ts';
import type { Case } from '../model/labelled-case.ts';
import { PackedCases } from './packed-cases.ts';

const SUPPORT = fileURLToPath(new URL('../../cases/support/', import.meta.url));

/** The bundled support cases, as the loader gives them. */
async function loadTemplates(): Promise<Case[]> {
  const files = (await readdir(SUPPORT)).filter((f) => f.endsWith('.yaml'));
  const loaded = await Promise.all(files.map((f) => loadCaseFile(`${SUPPORT}${f}`)));
  return loaded.flatMap((r) => (r.ok ? [r.value] : []));
}

describe('loaded cases packed until they run', () => {
  test('every bundled support case comes back equal, and the array handed over is emptied', async () => {
    const cases = await loadTemplates();
    const copies = structuredClone(cases);
    const packed = new PackedCases(cases, 0);

    expect(cases).toEqual([]);
    expect(packed.length).toBe(copies.length);
    for (let i = 0; i < copies.length; i++) {
      expect(packed.at(i)).toStrictEqual(copies[i]);
      // Packed: each read is a copy of its own.
      expect(packed.at(i)).not.toBe(packed.at(i));
    }
  });

  test('fewer cases than a large run are kept as the objects they are', async () => {
    const cases = await loadTemplates();
    const originals = [...cases];
    const packed = new PackedCases(cases);

    expect(cases).toEqual([]);
    originals.forEach((c, i) => {
      expect(packed.at(i)).toBe(c);
    });
  });

  test('a case holding what JSON would change (a date, .inf, an undefined field) is kept as it is', async () => {
    const [first] = await loadTemplates();
    const odd = [
      { ...first, title: 'dated', steps: [{ kind: 'tool', result: new Date(0) }] },
      { ...first, title: 'infinite', steps: [{ kind: 'tool', result: Number.POSITIVE_INFINITY }] },
      { ...first, title: 'undefined', source: undefined },
    ] as unknown as Case[];
    const originals = [...odd];
    const packed = new PackedCases(odd, 0);

    originals.forEach((c, i) => {
      expect(packed.at(i)).toBe(c);
    });
  });

  test('a released case is gone; the others stay', async () => {
    const cases = (await loadTemplates()).slice(0, 3);
    const ids = cases.map((c) => c.id);
    for (const packFrom of [0, undefined]) {
      const packed = new PackedCases([...cases], packFrom);

      packed.release(1);

      expect([packed.at(0)?.id, packed.at(1), packed.at(2)?.id]).toEqual([
        ids[0],
        undefined,
        ids[2],
      ]);
    }
  });
});
