import { describe, expect, it } from 'vitest';
import type { RunReport } from '../model/report.ts';
import { erroredRun, maskVolatile, passingRun, regressedRun, repeatedRun } from './fixtures.ts';
import { renderMarkdown } from './markdown.ts';

/** Cells per table row, counting only the pipes Markdown treats as separators. */
function cellCounts(markdown: string): number[][] {
  const tables = markdown.split(/\n(?!\|)/).filter((block) => block.startsWith('|'));
  return tables.map((t) => t.split('\n').map((row) => row.split(/(?<!\\)\|/).length - 2));
}

function withHostileText(report: RunReport): RunReport {
  const [first, ...rest] = report.cases.filter((c) => c.status === 'fail');
  if (first === undefined) throw new Error('fixture has no failing case');
  const finding = first.findings.find((f) => f.outcome === 'fail');
  if (finding === undefined) throw new Error('fixture case has no failing finding');
  const hostile = {
    ...first,
    title: 'Refund | chargeback',
    findings: [{ ...finding, message: 'expected a | b\nbut saw <c>', observed: 'x|y' }],
  };
  return { ...report, cases: [hostile, ...rest] };
}

describe('renderMarkdown', () => {
  it('titles the summary with a tick or a cross', () => {
    expect(renderMarkdown(passingRun())).toMatch(/^## ✅ Baton: support-desk passed\n/);
    expect(renderMarkdown(regressedRun())).toMatch(/^## ❌ Baton: support-desk failed\n/);
  });

  it('escapes pipes and newlines so every row keeps its column count', () => {
    const out = renderMarkdown(withHostileText(regressedRun()));

    expect(out).toContain('`refund-over-limit` Refund \\| chargeback');
    expect(out).toContain('| expected a \\| b<br>but saw &lt;c&gt; |');
    expect(out).toContain('| x\\|y |');
    for (const counts of cellCounts(out)) {
      expect(new Set(counts).size).toBe(1);
    }
  });

  it('lists each failing finding and each error as a row', () => {
    const out = renderMarkdown(erroredRun());

    expect(out).toContain('### Failing cases');
    expect(out).toMatch(
      /\| `vip-cancellation` .* \| — \| error: adapter\.timeout \| — \| — \| Failed/,
    );
    expect(renderMarkdown(passingRun())).not.toContain('### Failing cases');
  });

  it('says what each count counts and shows codes with nothing to judge as n/a, not 0/0', () => {
    const report = regressedRun();
    const none = { count: 0, of: 0, rate: 0, low: 0, high: 1 };
    const byCode = { ...report.metrics.byCode, 'effect.double': none, 'case.error': none };
    const out = renderMarkdown({ ...report, metrics: { ...report.metrics, byCode } });

    expect(out).toContain('| handoff.missed | 1 | 8 expected handoffs | 12.5% |');
    expect(out).not.toContain('| effect.double |');
    expect(out).toContain('n/a (nothing to judge in this run): `effect.double`, `case.error`');
  });

  it('folds the confusion matrix and hop histogram into a details block', () => {
    const out = renderMarkdown(regressedRun());

    const details = out.slice(out.indexOf('<details>'), out.indexOf('</details>'));
    expect(details).toContain('| **supervisor** | 0 | 0 | **2** | 0 | 1 |');
    expect(details).toContain('#### Hops per case');
  });

  it('renders a run with no cases, gates or metrics', () => {
    const empty: RunReport = {
      ...passingRun(),
      gates: [],
      cases: [],
      summary: { cases: 0, passed: 0, failed: 0, errored: 0, byCode: {} },
      metrics: {
        ...passingRun().metrics,
        byCode: {},
        confusion: { labels: [], counts: {} },
        hops: { histogram: {}, mean: 0, max: 0 },
      },
    };
    expect(renderMarkdown(empty)).not.toContain('<details>');
  });

  it('renders a regressed run', async () => {
    await expect(renderMarkdown(maskVolatile(regressedRun()))).toMatchFileSnapshot(
      '__snapshots__/regressed.md.snap',
    );
  });

  it('renders a repeated run', async () => {
    await expect(renderMarkdown(maskVolatile(repeatedRun()))).toMatchFileSnapshot(
      '__snapshots__/repeated.md.snap',
    );
  });
});
