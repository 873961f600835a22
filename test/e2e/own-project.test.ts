import { join } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, readReport, runCli } from './helpers.ts';
import { ownProject } from './own-project.ts';

// A support desk in a team's own project (test/fixtures/own-project), with its own copy of the
// OpenAI Agents SDK and of LangGraph, Baton installed as a symlink: the same desk on the
// openai-agents, langgraph and module adapters. Its refund tool pays out with `fetch` through
// the endpoint the suite declares exactly as the README shows (`owner: refunds`); its
// confirmation tool is an effect by a suite `effects.tools` rule. Three cases are correct, one
// is a seeded bug (triage pays the refund out itself).

let project: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  project = await ownProject('test/fixtures/own-project');
}, 60_000);
afterAll(() => project.remove());

async function run(suite: string): Promise<{ result: CliResult; report: RunReport }> {
  const out = join(project.path, 'out', suite);
  const result = await runCli(['run', `suites/${suite}.yaml`, '--out', out], {
    cwd: project.path,
    killAfterMs: 60_000,
  });
  return { result, report: await readReport(join(out, 'report.json')) };
}

/** `case step code` for every failing or erroring finding, sorted. */
function failing(report: RunReport): string[] {
  return report.cases
    .flatMap((c) =>
      c.findings.filter((f) => f.outcome !== 'pass').map((f) => `${c.id} ${f.step} ${f.code}`),
    )
    .sort();
}

const SEEDED = [
  'triage-refunds-itself 0 effect.unowned',
  'triage-refunds-itself 0 effect.unowned',
  'triage-refunds-itself 0 handoff.missed',
];

// `agents-isolated` is the agents suite with `isolation: process`: the SDK copy loads, the effects
// are judged and the verdicts are the same in child processes.
describe.each(['agents', 'agents-isolated', 'graph', 'module'])(
  'baton run suites/%s.yaml in the project',
  (suite) => {
    let result: CliResult;
    let report: RunReport;
    beforeAll(async () => {
      ({ result, report } = await run(suite));
    }, 90_000);

    it('runs the app on its own SDK copy: every case gets a verdict, none errors', () => {
      expect(result.stderr).toBe('');
      expect(report.summary).toMatchObject({ cases: 4, errored: 0 });
    });

    it('credits each refund and confirmation to the agent whose tool made it: only the seeded bug fails', () => {
      expect(failing(report)).toEqual(SEEDED);
      expect(
        report.cases
          .filter((c) => c.status === 'pass')
          .map((c) => c.id)
          .sort(),
      ).toEqual(['refund-a', 'refund-after-question', 'refund-b']);
      // Judged, not skipped: 8 committed effects had an owner to check (6 correct, 2 seeded).
      expect(report.metrics.byCode['effect.unowned']).toMatchObject({ count: 2, of: 8 });
      expect(report.metrics.byCode['effect.missing']).toMatchObject({ count: 0, of: 8 });
    });

    it('names the bug and its agent in the console and exits 1', () => {
      const out = lines(plain(result.stdout));
      expect(result.code).toBe(1);
      expect(out).toContain(
        '    step 0  effect.unowned  triage committed refund A-1004; its owner is refunds',
      );
      expect(out).toContain(
        '    step 0  effect.unowned  triage committed email A-1004; its owner is refunds',
      );
    });
  },
);

// Each scaffold in turn over the last (--force): its stand-in passes both cases on the project's
// own copy of the framework.
describe.each([
  ['langgraph', 'graph.ts', 'a graph module whose stand-in graph'],
  ['openai-agents', 'agents.ts', 'SDK agents on a scripted model that'],
])('baton init --adapter %s in the project', (adapter, file, what) => {
  it(`scaffolds ${what} passes both cases on the project’s own framework`, async () => {
    const init = await runCli(['init', '--adapter', adapter, '--force'], { cwd: project.path });
    const out = join(project.path, 'out', `init-${adapter}`);
    const result = await runCli(['run', 'baton/suite.yaml', '--out', out], {
      cwd: project.path,
      killAfterMs: 60_000,
    });

    expect(init.code).toBe(0);
    expect(lines(init.stdout)).toContain(`created  baton/${file}`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(lines(plain(result.stdout))).toContain(
      'PASS  2 cases · 2 passed · 0 failed · 0 errored · gates 4/4',
    );
    const report = await readReport(join(out, 'report.json'));
    expect(report.suite.adapter.startsWith(`${adapter} `)).toBe(true);
    expect(report.cases.flatMap((c) => c.handoffs.map((h) => `${c.id} ${h.from}>${h.to}`))).toEqual(
      ['refund-goes-to-refunds triage>refunds'],
    );
  }, 90_000);
});
