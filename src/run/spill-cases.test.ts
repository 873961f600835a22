import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import type { RunReport, StreamedReport } from '../model/report.ts';
import { renderConsole } from '../report/console.ts';
import { erroredRun, regressedRun, repeatedRun } from '../report/fixtures.ts';
import { renderGithubAnnotations } from '../report/github.ts';
import { renderHtml } from '../report/html/render-html.ts';
import { renderJson, renderJsonChunks } from '../report/json.ts';
import { renderJunit } from '../report/junit.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { SpilledCases } from './spill-cases.ts';

let parent: string | undefined;
afterEach(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
  parent = undefined;
});

/** The report with its cases written to a spill file (in reverse, as concurrency may finish them) and read back. */
function spilled(report: RunReport): { streamed: StreamedReport; spill: SpilledCases } {
  parent = mkdtempSync(join(tmpdir(), 'baton-spill-test-'));
  const spill = new SpilledCases(parent);
  for (let i = report.cases.length - 1; i >= 0; i--) spill.add(i, report.cases[i]!);
  return { streamed: { ...report, cases: spill.list() }, spill };
}

// Every reporter, as the CLI calls it: the same bytes whether the cases are held or read back.
const RENDERERS: Record<string, (r: StreamedReport) => string> = {
  json: (r) => [...renderJsonChunks(r)].join(''),
  console: (r) => renderConsole(r, { color: false }),
  'console --verbose, colour': (r) => renderConsole(r, { color: true, verbose: true }),
  markdown: renderMarkdown,
  junit: renderJunit,
  github: (r) => renderGithubAnnotations(r),
  html: (r) => renderHtml({ ...r, cases: [...r.cases] }),
};

describe('case results spilled to a file and read back', () => {
  const runs = { regressed: regressedRun(), errored: erroredRun(), repeated: repeatedRun() };

  for (const [name, report] of Object.entries(runs)) {
    test(`${name} run: every reporter writes the same bytes as from memory`, () => {
      const { streamed, spill } = spilled(report);
      for (const [reporter, render] of Object.entries(RENDERERS))
        expect(render(streamed), reporter).toBe(render(report));
      expect([...renderJsonChunks(streamed)].join('')).toBe(renderJson(report));
      spill.dispose();
    });
  }

  test('lists the cases in report order, as often as asked, skipping a place no case took', () => {
    const report = regressedRun();
    parent = mkdtempSync(join(tmpdir(), 'baton-spill-test-'));
    const spill = new SpilledCases(parent);
    // Place 1 never ran (an interrupted run): the list closes the gap.
    spill.add(2, report.cases[2]!);
    spill.add(0, report.cases[0]!);
    const list = spill.list();
    expect(list.length).toBe(2);
    expect([...list].map((c) => c.id)).toEqual([report.cases[0]!.id, report.cases[2]!.id]);
    expect([...list].map((c) => c.id)).toEqual([report.cases[0]!.id, report.cases[2]!.id]);
    spill.dispose();
  });

  test('dispose removes the spill file and its folder', () => {
    const { spill } = spilled(regressedRun());
    expect(existsSync(spill.file)).toBe(true);
    spill.dispose();
    expect(existsSync(spill.dir)).toBe(false);
    expect(readdirSync(parent!)).toEqual([]);
  });
});
