import { describe, expect, test } from 'vitest';
import type { RunReport } from '../model/report.ts';
import { erroredRun, regressedRun } from './fixtures.ts';
import { renderGithubAnnotations } from './github.ts';

function withLines(report: RunReport): RunReport {
  return {
    ...report,
    cases: report.cases.map((c) => ({
      ...c,
      findings: c.findings.map((f, i) => ({ ...f, line: 10 + i })),
    })),
  };
}

describe('renderGithubAnnotations', () => {
  test('one ::error per failing finding, on its case file and line; failed gates on the suite', () => {
    const out = renderGithubAnnotations(withLines(regressedRun()));
    const lines = out.trimEnd().split('\n');

    const findings = lines.filter((l) => l.includes('title=Baton%3A handoff.'));
    expect(findings).toHaveLength(3);
    expect(lines).toContain(
      '::error file=cases/outage-report.yaml,line=10,title=Baton%3A handoff.late in outage-report::triage → tech_support expected at step 0, happened at step 1 (+1)',
    );
    expect(
      lines.filter((l) =>
        l.startsWith('::error file=suites/support-desk.yaml,title=Baton%3A gate'),
      ),
    ).toHaveLength(regressedRun().gates.filter((g) => !g.passed).length);
    expect(out).not.toContain('handoff.on_time');
  });

  test('paths are given from the repository root, and messages are escaped', () => {
    const report = erroredRun();
    const out = renderGithubAnnotations(report, { root: 'services/support' });

    expect(out).toContain('::error file=services/support/cases/vip-cancellation.yaml,');
    // The timeout message has a line break: GitHub wants it as %0A, on one line.
    expect(out).toContain('within 10000 ms.%0ARaise timeout_ms');
  });

  test('a passing run annotates nothing', () => {
    const report = regressedRun();
    const passing: RunReport = {
      ...report,
      cases: report.cases.filter((c) => c.status === 'pass'),
      gates: report.gates.filter((g) => g.passed),
    };

    expect(renderGithubAnnotations(passing)).toBe('');
  });
});
