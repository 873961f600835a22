import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, REPO, readReport, runCli, tempDir } from './helpers.ts';

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

async function runSuite(suite: string): Promise<{ result: CliResult; report: RunReport }> {
  const dir = join(out.path, suite.replace(/\W+/g, '-'));
  const result = await runCli(['run', suite, '--out', dir], { killAfterMs: 60_000 });
  return { result, report: await readReport(join(dir, 'report.json')) };
}

/** `case step code` for every failing finding of a run. */
function failing(report: RunReport): string[] {
  return report.cases
    .flatMap((c) =>
      c.findings.filter((f) => f.outcome === 'fail').map((f) => `${c.id} ${f.step} ${f.code}`),
    )
    .sort();
}

/** The findings table of examples/langgraph/README.md, as `case step code` lines. */
async function documentedFindings(): Promise<string[]> {
  const readme = await readFile(join(REPO, 'examples/langgraph/README.md'), 'utf8');
  const section = readme.split('## The flawed playbook')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .flatMap((cells) => {
      const code = /`(handoff\.[a-z_]+)`/.exec(cells[3] ?? '')?.[1];
      return code && /^\d+$/.test(cells[2] ?? '') ? [`${cells[1]} ${cells[2]} ${code}`] : [];
    })
    .sort();
}

function observed(report: RunReport, id: string): string[] {
  const found = report.cases.find((c) => c.id === id);
  return (found?.handoffs ?? []).map((h) => `${h.from}→${h.to}@${h.step} ${h.reason ?? '-'}`);
}

describe('baton run suites/langgraph.yaml: the swarm desk under its current playbook', () => {
  let run: { result: CliResult; report: RunReport };
  beforeAll(async () => {
    run = await runSuite('suites/langgraph.yaml');
  });

  it('exits 0 with every case passing', () => {
    expect(run.result.code).toBe(0);
    expect(lines(plain(run.result.stdout)).at(-2)).toBe(
      'PASS  9 cases · 9 passed · 0 failed · 0 errored · gates 5/5',
    );
    expect(run.result.stderr).toBe('');
  });

  it('sees the escalation to the person and the person’s decision coming back, at their steps', () => {
    expect(observed(run.report, 'swarm-refund-750-needs-approval')).toEqual([
      'triage→refunds@0 capability_boundary',
      'refunds→supervisor@1 policy_gate',
      'supervisor→refunds@2 person_decision',
    ]);
    expect(observed(run.report, 'swarm-shipping-no-handoff')).toEqual([]);
  });
});

describe('baton run suites/langgraph-flawed.yaml: the proposed playbook', () => {
  let run: { result: CliResult; report: RunReport };
  beforeAll(async () => {
    run = await runSuite('suites/langgraph-flawed.yaml');
  });

  it('exits 1: gates on missed and wrong-target handoffs fail', () => {
    const failedGates = run.report.gates.filter((g) => !g.passed).map((g) => [g.name, g.actual]);

    expect(run.result.code).toBe(1);
    expect(failedGates).toEqual([
      ['count(handoff.missed)', 5],
      ['count(handoff.wrong_target)', 4],
      ['pass_rate', expect.closeTo(0.333, 3)],
    ]);
  });

  it('reports exactly the findings the example README documents, case by case and step by step', async () => {
    const documented = await documentedFindings();

    expect(documented).toHaveLength(9);
    expect(failing(run.report)).toEqual(documented);
  });

  it('says on the console where refunds went instead', () => {
    expect(plain(run.result.stdout)).toContain(
      'step 0  handoff.wrong_target  triage handed to billing at step 0; expected refunds',
    );
  });
});

describe('baton run suites/langgraph-supervisor.yaml: the supervisor graph', () => {
  let run: { result: CliResult; report: RunReport };
  beforeAll(async () => {
    run = await runSuite('suites/langgraph-supervisor.yaml');
  });

  it('exits 0 with every case passing', () => {
    expect(run.result.code).toBe(0);
    expect(run.report.summary).toMatchObject({ cases: 4, passed: 4, failed: 0, errored: 0 });
  });

  it("lists the dispatcher's handoffs; each worker's automatic return is in the timeline, no handoff of its own", () => {
    expect(observed(run.report, 'supervisor-refund-then-invoice')).toEqual([
      'dispatcher→refunds@0 capability_boundary',
      'dispatcher→billing@1 capability_boundary',
    ]);
    const c = run.report.cases.find((x) => x.id === 'supervisor-refund-then-invoice');
    const returns = (c?.timeline ?? []).filter(
      (e) => e.kind === 'handoff' && (e as { autoReturn?: boolean }).autoReturn === true,
    );
    expect(
      returns.map((e) => `${(e as { from: string }).from}→${(e as { to: string }).to}`),
    ).toEqual(['refunds→dispatcher', 'billing→dispatcher']);
  });
});
