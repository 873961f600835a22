import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test as property } from '@fast-check/vitest';
import { afterEach, describe, expect, test } from 'vitest';
import type { RunReport, StreamedReport } from '../model/report.ts';
import { renderConsole } from '../report/console.ts';
import { erroredRun, regressedRun, repeatedRun } from '../report/fixtures.ts';
import { renderGithubAnnotations } from '../report/github.ts';
import { renderHtml } from '../report/html/render-html.ts';
import { caseJsonText, renderJson, renderJsonChunks } from '../report/json.ts';
import { renderJunit } from '../report/junit.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { SpilledCases } from './spill-cases.ts';

let parent: string | undefined;
afterEach(() => {
  if (parent) rmSync(parent, { recursive: true, force: true });
  parent = undefined;
});

/** The report with its cases written to a spill file (in reverse, as concurrency may finish them) and read back. */
function spilled(
  report: RunReport,
  render?: (c: RunReport['cases'][number]) => string,
): { streamed: StreamedReport; spill: SpilledCases } {
  parent = mkdtempSync(join(tmpdir(), 'baton-spill-test-'));
  const spill = new SpilledCases(parent, render);
  for (let i = report.cases.length - 1; i >= 0; i--) spill.add(i, report.cases[i]!);
  return { streamed: { ...report, cases: spill.list() }, spill };
}

/** Pieces as report.json's text. */
function bytesOf(pieces: Iterable<string | Uint8Array>): string {
  return Buffer.concat(
    [...pieces].map((p) => (typeof p === 'string' ? Buffer.from(p) : p)),
  ).toString();
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

    test(`${name} run spilled as report.json texts: report.json copies them, the others parse them`, () => {
      const { streamed, spill } = spilled(report, caseJsonText);
      for (const [reporter, render] of Object.entries(RENDERERS))
        expect(render(streamed), reporter).toBe(render(report));
      expect(bytesOf(renderJsonChunks(streamed, spill.texts()))).toBe(renderJson(report));
      spill.dispose();
    });
  }

  property.prop(
    [
      fc
        .array(fc.boolean(), { minLength: 1, maxLength: 40 })
        .chain((ran) => fc.tuple(fc.constant(ran), fc.shuffledSubarray(ran.map((_, i) => i)))),
      fc.boolean(),
    ],
    { numRuns: 60 },
  )(
    'any finishing order, with places never run: the texts make the report',
    ([ran, order], pretty) => {
      const base = regressedRun();
      const cases = ran.map((_, i) => ({ ...base.cases[i % base.cases.length]!, id: `case-${i}` }));
      parent ??= mkdtempSync(join(tmpdir(), 'baton-spill-test-'));
      const spill = new SpilledCases(parent, pretty ? caseJsonText : undefined);
      const done = order.filter((i) => ran[i]);
      for (const i of done) spill.add(i, cases[i]!);
      const kept = cases.filter((_, i) => done.includes(i));
      const streamed: StreamedReport = { ...base, cases: spill.list() };
      expect([...streamed.cases]).toEqual(kept);
      if (pretty) {
        const held = { ...base, cases: kept };
        expect(bytesOf(renderJsonChunks(streamed, spill.texts()))).toBe(renderJson(held));
      }
      spill.dispose();
    },
  );

  property.prop(
    [
      fc.array(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 400 }),
          // Longer than the write buffer holds, with characters of 1 to 4 UTF-8 bytes.
          fc.constantFrom('é', '€', '😀', 'a', '\ud800').map((c) => c.repeat(90_000)),
        ),
        { minLength: 1, maxLength: 30 },
      ),
      fc.boolean(),
    ],
    { numRuns: 40 },
  )('texts of any characters and size read back as written', (titles, pretty) => {
    const base = regressedRun();
    const cases = titles.map((title, i) => ({ ...base.cases[i % base.cases.length]!, title }));
    parent ??= mkdtempSync(join(tmpdir(), 'baton-spill-test-'));
    const render = pretty ? caseJsonText : undefined;
    const spill = new SpilledCases(parent, render);
    for (const [i, c] of cases.entries()) spill.add(i, c);
    const texts = [...spill.texts()].map((t) => Buffer.from(t).toString('utf8'));
    expect(texts).toEqual(cases.map((c) => (render ?? JSON.stringify)(c)));
    expect([...spill.list()].map((c) => c.title)).toEqual(cases.map((c) => c.title));
    spill.dispose();
  });

  test('a bigint in a payload is written as text, in either form', () => {
    const base = regressedRun();
    const first = base.cases[0]!;
    const withBig = {
      ...first,
      findings: [{ ...first.findings[0]!, observed: { amount: 12345678901234567890n } }],
    } as RunReport['cases'][number];
    for (const render of [undefined, caseJsonText]) {
      const { streamed, spill } = spilled({ ...base, cases: [withBig] }, render);
      const [back] = [...streamed.cases];
      expect(back?.findings[0]?.observed).toEqual({ amount: '12345678901234567890' });
      spill.dispose();
    }
  });

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
