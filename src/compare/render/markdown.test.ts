import { describe, expect, it } from 'vitest';
import { renderCompareMarkdown } from './markdown.ts';
import { helpdeskComparison } from './test-support.ts';

describe('renderCompareMarkdown', () => {
  const md = renderCompareMarkdown(helpdeskComparison());
  const lines = md.split('\n');

  it('opens with the gates’ verdict and the statistical finding, each a paragraph', () => {
    expect(lines.slice(0, 7)).toEqual([
      '## ❌ Baton compare: `proposed` against `current` failed',
      '',
      '2 cases broke, 0 fixed · 2 of 3 gates failed: no new failures, delta(handoff.missed).',
      '',
      'Pass rate −18.2 pp: not statistically significant at n = 11 (McNemar p = 0.5, α = 0.05).',
      '',
      '2 broke · 0 fixed · 0 changed · 9 same · 0 errored · 11 paired cases',
    ]);
  });

  it('shows each gate in the unit of the metrics table', () => {
    expect(lines.filter((l) => /^\| (❌|✅) \|/.test(l))).toEqual([
      '| ❌ | no new failures | &lt;= 0 | 2 |',
      '| ❌ | delta(handoff.missed) | &lt;= 0 pp | +15.4 pp |',
      '| ✅ | not_worse(pass_rate) | not worse at p &lt; 0.05 | 0.5 |',
    ]);
  });

  it('gives the MDD in points, none when the cases are too few, and says what none means', () => {
    expect(
      lines.filter((l) => l.startsWith('| effect.missing') || l.startsWith('| pass rate')),
    ).toEqual([
      '| pass rate | 100.0% [74.1%, 100.0%] | 81.8% [52.3%, 94.9%] | −18.2 pp [−45.5, 0.0] | 2 / 0 | 0.5 | 54.5 pp | not significant |',
      '| effect.missing | 0.0% [0.0%, 65.8%] | 50.0% [9.5%, 90.5%] | +50.0 pp [0.0, +100.0] | 1 / 0 | 1 | none (n = 2) | not significant |',
    ]);
    expect(md).toContain(
      'MDD at α = 0.05 with 80% power, none when the cases are too few for any difference to be significant.</sub>',
    );
  });
});
