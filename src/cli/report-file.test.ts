import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { regressedRun } from '../report/fixtures.ts';
import { parseReport, renderJson } from '../report/json.ts';
import { readLargeReport } from './report-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'baton-report-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return (error as Error).message;
  }
  return 'no refusal';
};

describe('a large report.json read a case at a time', () => {
  test('gives the report a whole read gives, pretty or compact', () => {
    const report = regressedRun();
    for (const text of [renderJson(report), JSON.stringify(report)]) {
      const path = file('report.json', text);

      const read = readLargeReport(path, 'the report', 0);

      expect(read).toStrictEqual(parseReport(text, 'the report'));
      expect(read?.cases.length).toBe(report.cases.length);
    }
  });

  test('a file below the size it starts at is left to the whole read', () => {
    const path = file('small.json', renderJson(regressedRun()));

    expect(readLargeReport(path, 'the report')).toBeUndefined();
  });

  test('refuses what the whole read refuses, in the same words', () => {
    const text = renderJson(regressedRun()).replace('"schemaVersion": 1', '"schemaVersion": 99');
    const path = file('newer.json', text);

    const words = refusal(() => readLargeReport(path, 'the baseline report newer.json', 0));

    expect(words).toContain('schemaVersion 99');
    expect(words).toBe(refusal(() => parseReport(text, 'the baseline report newer.json')));
  });

  test('a text it cannot place cases in, or a case that is not JSON, goes to the whole read', () => {
    const text = renderJson(regressedRun());
    const twice = text.replace('"schemaVersion"', '"cases": [],\n  "schemaVersion"');
    const cut = text.replace(/"status": "fail"/, '"status": fail');
    expect([twice, cut]).not.toContain(text);

    expect(readLargeReport(file('twice.json', twice), 'r', 0)).toBeUndefined();
    expect(readLargeReport(file('cut.json', cut), 'r', 0)).toBeUndefined();
    expect(readLargeReport(join(dir, 'missing.json'), 'r', 0)).toBeUndefined();
  });
});
