import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { brokenCaseOutcome } from '../run/broken-case.ts';
import { renderConsole } from './console.ts';
import { erroredRun, maskVolatile, passingRun, regressedRun, repeatedRun } from './fixtures.ts';
import { stepLabel } from './format.ts';

const plain = { color: false } as const;

describe('renderConsole', () => {
  it('names each failing case and the step and code of each failing finding', () => {
    const report = regressedRun();

    const out = renderConsole(report, plain);

    const failing = report.cases.filter((c) => c.status === 'fail');
    expect(failing.length).toBeGreaterThan(1);
    for (const c of failing) {
      expect(out).toContain(`✗ FAIL  ${c.id}  ${c.title}  ${c.file}`);
      for (const f of c.findings.filter((x) => x.outcome === 'fail')) {
        expect(out).toMatch(
          new RegExp(`${stepLabel(f.step)}\\s+${f.code.replace('.', '\\.')}\\s+`),
        );
        expect(out).toContain(f.message);
      }
    }
    for (const c of report.cases.filter((x) => x.status === 'pass')) {
      expect(out).not.toContain(c.id);
    }
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      'FAIL  8 cases · 5 passed · 3 failed · 0 errored · gates 1/4',
    );
  });

  it('shows a runaway loop as its first three bounces and a count of the rest', () => {
    const report = regressedRun();
    const c = report.cases.find((x) => x.status === 'fail');
    if (c === undefined) throw new Error('the regressed run has no failing case');
    const bounce = (step: number) => ({
      check: 'bounce',
      code: 'handoff.bounced' as const,
      outcome: 'fail' as const,
      step,
      spanIds: [`s${step}`],
      message: `refunds sent the work back to billing at step ${step}`,
    });
    const looped = { ...report, cases: [{ ...c, findings: [0, 1, 2, 3, 4, 5, 6].map(bounce) }] };

    const lines = renderConsole(looped, plain).split('\n');

    expect(lines.filter((l) => l.includes('handoff.bounced  refunds sent'))).toHaveLength(3);
    expect(lines).toContain('    … and 4 more handoff.bounced (every one in report.json)');
  });

  it('shows under a failing case that its trace lost spans to an unreadable line', () => {
    const report = regressedRun();
    const c = report.cases.find((x) => x.status === 'fail');
    if (c === undefined) throw new Error('the regressed run has no failing case');
    const message = `its trace d2a7eca1 lost 4 spans to an unreadable line at exports/x.jsonl:21: the case is judged on the spans that remain`;
    const warned = {
      ...report,
      warnings: [
        { code: 'traces.unreadable' as const, severity: 'warning' as const, caseId: c.id, message },
      ],
    };

    const lines = renderConsole(warned, plain).split('\n');

    const at = lines.findIndex((l) => l.startsWith(`✗ FAIL  ${c.id}`));
    const next = lines.findIndex((l, i) => i > at && !l.startsWith('    '));
    expect(lines[next - 1]).toBe(`    ! traces.unreadable  ${message}`);
    expect(lines.filter((l) => l.includes(message))).toHaveLength(2);
  });

  it('has no failing section for a passing run and ends with PASS', () => {
    const out = renderConsole(passingRun(), plain);

    expect(out).not.toContain('FAIL');
    expect(out).not.toContain('✗');
    expect(out.trimEnd().split('\n').at(-1)).toBe(
      'PASS  8 cases · 8 passed · 0 failed · 0 errored · gates 4/4',
    );
  });

  it('shows an errored case with its error code and every line of its message', () => {
    const out = renderConsole(erroredRun(), plain);

    expect(out).toContain('! ERROR  vip-cancellation');
    expect(out).toContain(
      '    adapter.timeout  Failed to run case vip-cancellation: the adapter did not answer within 10000 ms.\n' +
        '    Raise timeout_ms',
    );
    expect(out).toMatch(/^FAIL {2}.* 1 errored · gates 2\/4\n$/m);
  });

  it('names a case file that does not load once, in its title', () => {
    const { result } = brokenCaseOutcome({
      file: 'baton/cases/broken.yaml',
      problems: ['baton/cases/broken.yaml:5:1: invalid YAML: missing closing "quote.'],
      line: 5,
    });
    const base = passingRun();
    const summary = { ...base.summary, cases: 9, errored: 1 };
    const report = { ...base, summary, cases: [...base.cases, result] };

    const out = renderConsole(report, plain);

    expect(out).toContain('! ERROR  broken  (does not load) baton/cases/broken.yaml\n');
    expect(out.split('\n').filter((l) => l.startsWith('! ERROR'))).toHaveLength(1);
  });

  it('shows pass^k and per-case repeats when cases repeated', () => {
    const out = renderConsole(repeatedRun(), plain);

    expect(out).toContain('×3 repeats');
    expect(out).toContain('passed 2/3 repeats');
    expect(out).toMatch(/pass\^3 \(all repeats\)\s+7 of 8 cases\s+87\.5%/);
    expect(out).toMatch(/^PASS .* pass\^3 87\.5% · gates 5\/5$/m);
  });

  it('lists passing cases one line each only when verbose', () => {
    const report = passingRun();

    const quiet = renderConsole(report, plain);
    const verbose = renderConsole(report, { color: false, verbose: true });

    for (const c of report.cases) {
      expect(quiet).not.toContain(c.id);
      expect(verbose).toMatch(new RegExp(`^✓ {2}${c.id} +${c.title} +\\d+ ms$`, 'm'));
    }
  });

  it('lists where each step of a recorded trace begins, only when verbose', () => {
    const base = passingRun();
    const [first, ...rest] = base.cases;
    const traced = {
      ...(first as (typeof base.cases)[number]),
      steps: [
        { kind: 'trace', text: 'chat.turn "1" "triage"' },
        { kind: 'trace', text: 'chat.turn "2" "billing"' },
      ],
    };
    const report = { ...base, cases: [traced, ...rest] };

    const verbose = renderConsole(report, { color: false, verbose: true }).split('\n');

    expect(renderConsole(report, plain)).not.toContain('Steps derived');
    const at = verbose.indexOf('Steps derived from the traces');
    expect(verbose.slice(at + 1, at + 4)).toEqual([
      `  ${traced.id}`,
      '    step 0  chat.turn "1" "triage"',
      '    step 1  chat.turn "2" "billing"',
    ]);
    expect(verbose.filter((l) => /^ {4}step \d/.test(l))).toHaveLength(2);
  });

  it('writes no escape characters without colour, and the same text with colour', () => {
    const report = regressedRun();

    const mono = renderConsole(report, { color: false, verbose: true });
    const color = renderConsole(report, { color: true, verbose: true });

    expect(mono).not.toContain('\u001b');
    expect(color).toContain('\u001b[');
    expect(stripVTControlCharacters(color)).toBe(mono);
  });

  it('renders a regressed run', () => {
    expect(renderConsole(maskVolatile(regressedRun()), plain)).toMatchInlineSnapshot(`
      "Baton support-desk  adapter module:examples/support-desk/agents.ts  8 cases · 0 ms

      ✗ FAIL  refund-over-limit  Refund above the agent limit goes to a supervisor  cases/refund-over-limit.yaml
          step 4  handoff.late  refunds → supervisor expected at step 2, happened at step 4 (+2)
      ✗ FAIL  chargeback-threat  Chargeback threat escalates before the SLA deadline  cases/chargeback-threat.yaml
          step 2  handoff.missed  triage → supervisor expected in steps 1–2, never happened
      ✗ FAIL  outage-report  Outage report goes to tech support  cases/outage-report.yaml
          step 1  handoff.late  triage → tech_support expected at step 0, happened at step 1 (+1)

      Findings         count                      rate  95% interval
      handoff.on_time  4 of 8 expected handoffs  50.0%  [21.5%, 78.5%]
      handoff.missed   1 of 8 expected handoffs  12.5%  [2.2%, 47.1%]
      handoff.late     2 of 8 expected handoffs  25.0%  [7.1%, 59.1%]

      Gates
      ✗  pass_rate                  ≥ 0.9  actual 0.625
      ✗  count handoff.missed       ≤ 0    actual 1
      ✗  rate handoff.late (upper)  ≤ 0.4  actual 0.591
      ✓  errored                    ≤ 0    actual 0

      FAIL  8 cases · 5 passed · 3 failed · 0 errored · gates 1/4
      "
    `);
  });

  it('renders a repeated run, verbose', () => {
    expect(
      renderConsole(maskVolatile(repeatedRun()), { color: false, verbose: true }),
    ).toMatchInlineSnapshot(`
      "Baton support-desk  adapter module:examples/support-desk/agents.ts  8 cases · ×3 repeats · 0 ms

      ✗ FAIL  low-confidence-intent  Low classifier confidence asks a supervisor  cases/low-confidence-intent.yaml  passed 2/3 repeats
          step 1  handoff.early  triage → supervisor expected at step 2, happened at step 1 (-1)

      ✓  refund-over-limit  Refund above the agent limit goes to a supervisor    0 ms
      ✓  password-reset     Password reset stays with triage                     0 ms
      ✓  double-charge      Customer charged twice is routed to billing          0 ms
      ✓  chargeback-threat  Chargeback threat escalates before the SLA deadline  0 ms
      ✓  outage-report      Outage report goes to tech support                   0 ms
      ✓  vip-cancellation   VIP cancellation is handed to a supervisor           0 ms
      ✓  address-change     Address change is handled in place                   0 ms

      Findings              count                      rate  95% interval
      pass^3 (all repeats)  7 of 8 cases              87.5%  [52.9%, 97.8%]
      handoff.on_time       5 of 8 expected handoffs  62.5%  [30.6%, 86.3%]
      handoff.early         1 of 8 expected handoffs  12.5%  [2.2%, 47.1%]

      Gates
      ✓  pass_rate                  ≥ 0.9  actual 0.958
      ✓  pass_all_repeats           ≥ 0.8  actual 0.875
      ✓  count handoff.missed       ≤ 0    actual 0
      ✓  rate handoff.late (upper)  ≤ 0.4  actual 0
      ✓  errored                    ≤ 0    actual 0

      PASS  8 cases · 7 passed · 1 failed · 0 errored · pass^3 87.5% · gates 5/5
      "
    `);
  });
});

describe('renderConsole gate outcomes', () => {
  it('marks an n/a gate with a dash and its note, never a tick, and lists why the run failed', () => {
    const report = {
      ...passingRun(),
      passed: false,
      reasons: ['no gate had anything to judge'],
      gates: [
        {
          name: 'rate(handoff.late)',
          threshold: '<= 0.1',
          actual: 0,
          passed: false,
          outcome: 'n/a' as const,
          note: 'no opportunity for handoff.late in this run',
        },
      ],
    };

    const lines = renderConsole(report, plain).trimEnd().split('\n');

    expect(lines).toContain(
      '–  rate(handoff.late)  <= 0.1  n/a (no opportunity for handoff.late in this run)',
    );
    expect(lines.at(-1)).toBe(
      'FAIL  8 cases · 8 passed · 0 failed · 0 errored · gates 0/1 (1 n/a) · no gate had anything to judge',
    );
  });
});
