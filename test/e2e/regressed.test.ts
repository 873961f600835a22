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

/** The console report's failing cases: case id → its finding lines (`step 3  handoff.late  …`). */
function failingBlocks(stdout: string): Map<string, string[]> {
  const blocks = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of plain(stdout).split('\n')) {
    const head = /^✗ FAIL\s+(\S+)/.exec(line);
    if (head?.[1]) {
      current = [];
      blocks.set(head[1], current);
    } else if (current && /^\s{4}\S/.test(line)) current.push(line.trim());
    else current = undefined;
  }
  return blocks;
}

interface DocumentedFinding {
  readonly caseId: string;
  readonly step: number;
  readonly code: string;
  readonly distance?: number;
}

/** The table of findings under the regressed policy, as examples/support-router/README.md documents it. */
async function documentedRegressions(): Promise<DocumentedFinding[]> {
  const readme = await readFile(join(REPO, 'examples/support-router/README.md'), 'utf8');
  const section = readme.split('## The regressed policy')[1] ?? '';
  const rows: DocumentedFinding[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const step = /^(\d+)(?:–\d+)?$/.exec(cells[2] ?? '');
    const code = /`(handoff\.[a-z_]+)`/.exec(cells[3] ?? '');
    const by = /by (\d+) step/.exec(cells[3] ?? '');
    if (!step?.[1] || !code?.[1] || !cells[1]) continue;
    rows.push({
      caseId: cells[1],
      step: Number(step[1]),
      code: code[1],
      ...(by?.[1] !== undefined && { distance: Number(by[1]) }),
    });
  }
  return rows;
}

function key(f: DocumentedFinding): string {
  return `${f.caseId} ${f.code} step ${f.step}${f.distance === undefined ? '' : ` by ${f.distance}`}`;
}

describe('baton run suites/example-regressed.yaml: the proposed policy', () => {
  let result: CliResult;
  let dir: string;
  let report: RunReport;
  let documented: DocumentedFinding[];
  beforeAll(async () => {
    dir = join(out.path, 'regressed');
    result = await runCli(['run', 'suites/example-regressed.yaml', '--out', dir]);
    report = await readReport(join(dir, 'report.json'));
    documented = await documentedRegressions();
  });

  it('exits 1: a gate failed', () => {
    expect(result.code).toBe(1);
    expect(lines(plain(result.stdout)).at(-2)).toMatch(/^FAIL {2}38 cases · 30 passed · 8 failed/);
  });

  it('reports exactly the failing findings documented in the example README', () => {
    const failing = report.cases.flatMap((c) =>
      c.findings
        .filter((f) => f.outcome === 'fail')
        .map((f) =>
          key({
            caseId: c.id,
            code: f.code,
            step: f.step ?? -1,
            ...(f.code === 'handoff.late' && f.distance !== undefined && { distance: f.distance }),
          }),
        ),
    );

    expect(documented).toHaveLength(9);
    expect(failing.sort()).toEqual(documented.map(key).sort());
  });

  it('says what each missed handoff expected: sender, receiver and window', () => {
    const missed = (id: string) =>
      report.cases.find((c) => c.id === id)?.findings.find((f) => f.code === 'handoff.missed');

    expect(missed('refund-750-needs-approval')?.expected).toMatchObject({
      from: 'refunds',
      to: 'supervisor',
      window: [1, 1],
    });
    expect(missed('deadline-risk-window')?.expected).toMatchObject({
      from: 'triage',
      to: 'team_queue',
      window: [2, 3],
    });
  });

  it('fails the four gates the README names, with their actual values', () => {
    const failed = Object.fromEntries(
      report.gates.filter((g) => !g.passed).map((g) => [g.name, g.actual]),
    );

    expect(Object.keys(failed).sort()).toEqual(
      ['cost', 'count(handoff.late)', 'count(handoff.missed)', 'pass_rate'].sort(),
    );
    expect(failed).toMatchObject({
      'count(handoff.missed)': 7,
      'count(handoff.late)': 2,
      cost: 76,
    });
    expect(failed.pass_rate).toBeCloseTo(0.789, 3);
  });

  it('names each failing case and the step of each finding on the console', () => {
    const blocks = failingBlocks(result.stdout);

    expect([...blocks.keys()].sort()).toEqual([...new Set(documented.map((d) => d.caseId))].sort());
    for (const d of documented) {
      expect(blocks.get(d.caseId), key(d)).toContainEqual(
        expect.stringMatching(new RegExp(`^step ${d.step}\\s+${d.code.replace('.', '\\.')}\\s`)),
      );
    }
    expect(plain(result.stdout)).toContain(
      'step 1  handoff.missed  expected refunds → supervisor at step 1, but refunds never handed off',
    );
  });

  it('writes report.md whose title says the run failed', async () => {
    const md = await readFile(join(dir, 'report.md'), 'utf8');

    expect(md.split('\n')[0]).toMatch(/^#+ ❌ .*example-regressed/);
  });
});
