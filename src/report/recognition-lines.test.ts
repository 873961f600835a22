import { describe, expect, it } from 'vitest';
import type { RecognitionCount, RunReport, RunWarning } from '../model/report.ts';
import { renderConsole } from './console.ts';
import { passingRun } from './fixtures.ts';
import { renderMarkdown } from './markdown.ts';

const counts: RecognitionCount[] = [
  {
    source: 'preset',
    name: 'crewai: Delegate work to coworker',
    path: 'adapter.recognize[0]',
    line: 14,
    spans: 0,
    cases: 0,
    of: 8,
  },
  { source: 'shape', name: 'OpenInference', spans: 12, cases: 8, of: 8 },
  { source: 'shape', name: 'OpenTelemetry GenAI', spans: 0, cases: 0, of: 8 },
  {
    source: 'steps',
    name: 'customer_turns',
    path: 'adapter.steps',
    line: 12,
    spans: 9,
    cases: 8,
    of: 8,
  },
];
const unmatched: RunWarning = {
  code: 'recognize.unmatched',
  severity: 'warning',
  file: 'suites/crew.yaml',
  line: 14,
  message: 'preset crewai (adapter.recognize[0]) matched no span in any of the 8 cases judged',
  fix: 'check the instrumentation',
};

function withRecognition(warnings: RunWarning[], shapesOnly = false): RunReport {
  return {
    ...passingRun(),
    recognition: shapesOnly ? counts.filter((c) => c.source === 'shape') : counts,
    ...(warnings.length > 0 && { warnings }),
  };
}

describe('recognition counts and run warnings in the reports', () => {
  it('console: every configured rule with its spans, the shapes that matched, then the warning', () => {
    const out = renderConsole(withRecognition([unmatched]), { color: false });
    const lines = out.split('\n');

    expect(lines).toContain(
      'preset crewai: Delegate work to coworker  adapter.recognize[0] (line 14)      0    0/8',
    );
    expect(out).toMatch(/^OpenInference\s+12\s+8\/8$/m);
    expect(out).not.toContain('OpenTelemetry GenAI');
    expect(out).toContain(
      '! WARNING  suites/crew.yaml:14  recognize.unmatched  preset crewai (adapter.recognize[0]) matched no span in any of the 8 cases judged\n    fix: check the instrumentation',
    );
    // The verdict stays the last line.
    expect(lines.at(-2)).toMatch(/^PASS {2}8 cases/);
  });

  it('console: built-in shapes alone show only with --verbose', () => {
    const report = withRecognition([], true);

    expect(renderConsole(report, { color: false })).not.toContain('Recognised');
    expect(renderConsole(report, { color: false, verbose: true })).toMatch(/^OpenInference\s+12/m);
  });

  it('console: an error under --strict is marked as one', () => {
    const out = renderConsole(withRecognition([{ ...unmatched, severity: 'error' }]), {
      color: false,
    });

    expect(out).toContain('✗ ERROR  suites/crew.yaml:14  recognize.unmatched');
  });

  it('markdown: a warnings table and a collapsed table of what each rule matched', () => {
    const md = renderMarkdown(withRecognition([unmatched]));

    expect(md).toContain(
      '| ⚠️ warning | `recognize.unmatched` | suites/crew.yaml:14 | preset crewai (adapter.recognize[0]) matched no span in any of the 8 cases judged. Fix: check the instrumentation |',
    );
    expect(md).toContain('<summary>Recognised spans</summary>');
    expect(md).toContain(
      '| preset crewai: Delegate work to coworker | adapter.recognize[0] (line 14) | 0 | 0/8 |',
    );
    expect(md).not.toContain('OpenTelemetry GenAI');
  });

  it('console: effect rules are rows of the table but no reason to show it; labels never rows', () => {
    const tool: RecognitionCount = {
      source: 'tool',
      name: 'issue_payment',
      path: 'effects.tools[0]',
      line: 6,
      spans: 2,
      cases: 2,
      of: 8,
    };
    const label: RecognitionCount = {
      source: 'label',
      name: 'refnud',
      file: 'cases/c.yaml',
      line: 11,
      spans: 0,
      cases: 0,
      of: 8,
    };
    const effectsOnly = { ...passingRun(), recognition: [tool, label] };
    const withRules = { ...passingRun(), recognition: [...counts, tool, label] };

    expect(renderConsole(effectsOnly, { color: false })).not.toContain('Recognised');
    const out = renderConsole(withRules, { color: false });
    expect(out).toMatch(/^tool issue_payment\s+effects\.tools\[0\] \(line 6\)\s+2\s+2\/8$/m);
    expect(out).not.toContain('refnud');
  });

  it('adds nothing to a report without them', () => {
    expect(renderMarkdown(passingRun())).not.toContain('Recognised');
    expect(renderConsole(passingRun(), { color: false })).not.toContain('WARNING');
  });
});
