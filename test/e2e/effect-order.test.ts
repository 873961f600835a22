import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, FIXTURES, readReport, runCli, tempDir } from './helpers.ts';

let out: { path: string; remove: () => Promise<void> };
let result: CliResult;
let report: RunReport;
beforeAll(async () => {
  out = await tempDir();
  result = await runCli(['run', `${FIXTURES}/effect-order/suite.yaml`, '--out', out.path]);
  report = await readReport(join(out.path, 'report.json'));
});
afterAll(() => out.remove());

describe('baton run: effects labelled `after:` what must come first, all in one step', () => {
  it('fails only the cases whose merge or deploy came too soon, by effect.out_of_order', () => {
    expect(result.code).toBe(1);
    const failing = Object.fromEntries(
      report.cases.map((c) => [
        c.id,
        c.findings.filter((f) => f.outcome === 'fail').map((f) => `${f.code}@${f.step}`),
      ]),
    );
    expect(failing).toEqual({
      'deploy-before-merge': ['effect.out_of_order@0'],
      'in-order': [],
      'merge-between-reviews': ['effect.out_of_order@0'],
    });
  });

  it('says what the effect came before, and points at its label', () => {
    const text = plain(result.stdout);
    expect(text).toContain(
      'step 0  effect.out_of_order  merge PR-7 committed at step 0 by merger before style → merger (at step 0, after it)',
    );
    expect(text).toContain(
      'step 0  effect.out_of_order  deploy PR-7 committed at step 0 by ops before merge (at step 0, after it)',
    );
    const merge = report.cases
      .find((c) => c.id === 'merge-between-reviews')
      ?.findings.find((f) => f.code === 'effect.out_of_order');
    expect(merge).toMatchObject({ line: 15 });
    expect(report.metrics.byCode['effect.out_of_order']).toMatchObject({ count: 2, of: 6 });
  });
});
