import { describe, expect, test } from 'vitest';
import type { RunReport } from '../../model/report.ts';
import { regressedRun } from '../fixtures.ts';
import { renderHtml, renderHtmlChunks } from './render-html.ts';

function embedded(html: string): { report: RunReport; sourceBase: string } {
  const m = /<script type="application\/json" id="baton-data">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no embedded data');
  return JSON.parse(m[1]);
}

describe('renderHtml', () => {
  test('is one file: no external script, style or font is fetched', () => {
    const html = renderHtml(regressedRun());

    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import|url\(http/);
    expect(html).toMatch(/^<!doctype html>/);
  });

  test('text from the run cannot end the data element or inject markup', () => {
    const report = regressedRun();
    const hostile: RunReport = {
      ...report,
      suite: { ...report.suite, name: '<img src=x onerror=alert(1)>' },
      cases: report.cases.map((c, i) =>
        i === 0
          ? {
              ...c,
              timeline: [
                {
                  kind: 'handoff',
                  from: 'triage',
                  to: 'refunds',
                  step: 0,
                  at: 0,
                  spanId: 's1',
                  payload: { note: '</script><script>alert(1)</script>\u2028' },
                },
              ],
            }
          : c,
      ),
    };

    const html = renderHtml(hostile, { sourceBase: '../../' });

    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const data = embedded(html);
    const event = data.report.cases[0]?.timeline?.[0];
    expect(event && 'payload' in event && event.payload).toEqual({
      note: '</script><script>alert(1)</script>\u2028',
    });
    expect(data.sourceBase).toBe('../../');
  });

  test('shows gates, rates over what they count, the target matrix, and a partial-run banner', () => {
    const report: RunReport = {
      ...regressedRun(),
      run: { baton: '0.1.0', node: 'v20.20.2', partial: true, filters: { cases: ['refund-*'] } },
    };

    const html = renderHtml(report);

    expect(html).toContain('<table id="gates">');
    expect(html).toContain('8 expected handoffs');
    expect(html).toContain('Expected × observed target');
    expect(html).toMatch(/id="partial">A partial run \(cases <code>refund-\*<\/code>\)/);
  });
});

describe('renderHtml of a large report', () => {
  test('past the limit, passing cases keep their row only and the page says so; the others stay whole', () => {
    const report = regressedRun();
    const full = embedded(renderHtml(report)).report.cases;

    const html = renderHtml(report, { wholeCasesUpTo: report.cases.length - 1 });
    const cases = embedded(html).report.cases as unknown as Record<string, unknown>[];

    expect(html).toContain(`id="slim-cases">This report has ${report.cases.length} cases`);
    expect(cases.map((c) => c.id)).toEqual(full.map((c) => c.id));
    cases.forEach((c, i) => {
      const whole = full[i] as unknown as Record<string, unknown>;
      if (whole.status !== 'pass') expect(c).toEqual(whole);
      else {
        expect(c).toMatchObject({ id: whole.id, title: whole.title, status: 'pass', slim: true });
        expect(c).not.toHaveProperty('timeline');
        expect(c).not.toHaveProperty('findings');
      }
    });
    expect(cases.some((c) => c.slim)).toBe(true);
    expect(cases.some((c) => !c.slim)).toBe(true);
  });

  test('at the limit, every case is whole and there is no banner', () => {
    const report = regressedRun();

    const html = renderHtml(report, { wholeCasesUpTo: report.cases.length });

    expect(html).toBe(renderHtml(report));
    expect(html).not.toContain('id="slim-cases"');
  });

  test('past the size budget, the passing cases that follow are slim; failed ones stay whole', () => {
    const report = regressedRun();
    const full = embedded(renderHtml(report)).report.cases as unknown as Record<string, unknown>[];
    const sizes = full.map((c) => JSON.stringify(c).length);
    // Room for the first two cases whole, not the third.
    const upTo = (sizes[0] as number) + (sizes[1] as number) + 1;

    const html = renderHtml(report, { wholeCaseTextUpTo: upTo });
    const data = embedded(html) as unknown as {
      report: { cases: Record<string, unknown>[] };
      slimmedBySize?: { cases: number; upTo: number };
    };
    const cases = data.report.cases;

    expect(cases.map((c) => c.id)).toEqual(full.map((c) => c.id));
    expect(cases.slice(0, 2)).toEqual(full.slice(0, 2));
    let slimmed = 0;
    cases.forEach((c, i) => {
      const whole = full[i] as Record<string, unknown>;
      if (i < 2 || whole.status !== 'pass') expect(c).toEqual(whole);
      else {
        expect(c).toMatchObject({ id: whole.id, status: 'pass', slim: true });
        slimmed++;
      }
    });
    expect(slimmed).toBeGreaterThan(0);
    expect(data.slimmedBySize).toEqual({ cases: slimmed, upTo });
    // The count limit was not reached: no banner of it; the page's script says why.
    expect(html).not.toContain('id="slim-cases"');
  });

  test('within the size budget the page is the same as without one', () => {
    const report = regressedRun();
    const total = embedded(renderHtml(report)).report.cases.reduce(
      (n, c) => n + JSON.stringify(c).length,
      0,
    );

    expect(renderHtml(report, { wholeCaseTextUpTo: total })).toBe(renderHtml(report));
    expect(renderHtml(report, { wholeCaseTextUpTo: total - 1 })).not.toBe(renderHtml(report));
  });

  test('the pieces read the cases once, one at a time, and join to the page', () => {
    const report = regressedRun();
    let reads = 0;
    const cases = {
      length: report.cases.length,
      *[Symbol.iterator]() {
        for (const c of report.cases) {
          reads++;
          yield c;
        }
      },
    };

    const pieces = [...renderHtmlChunks({ ...report, cases }, { sourceBase: '../' })];

    expect(reads).toBe(report.cases.length);
    expect(pieces.length).toBeGreaterThan(report.cases.length);
    expect(pieces.join('')).toBe(renderHtml(report, { sourceBase: '../' }));
  });
});
