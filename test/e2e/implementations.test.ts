import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCaseFile } from '../../src/load/load-case.ts';
import type { Case } from '../../src/model/labelled-case.ts';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, FIXTURES, REPO, readReport, runCli, tempDir } from './helpers.ts';

let out: { path: string; remove: () => Promise<void> };
beforeAll(async () => {
  out = await tempDir();
});
afterAll(() => out.remove());

describe('an implementation that throws, rejects or hangs on some cases (timeout_ms 300)', () => {
  let result: CliResult;
  let report: RunReport;
  beforeAll(async () => {
    const dir = join(out.path, 'faulty');
    // The hanging case keeps a timer alive, as a stuck network call would: the CLI must still
    // exit. A hang is caught by the kill budget, set far above a loaded machine's start-up time.
    result = await runCli(['run', `${FIXTURES}/faulty/suite.yaml`, '--out', dir], {
      killAfterMs: 90_000,
    });
    report = await readReport(join(dir, 'report.json'));
  }, 120_000);

  it('reports those cases as errored, with the adapter error code and what went wrong', () => {
    const errored = report.cases
      .filter((c) => c.status === 'error')
      .map((c) => [c.id, c.error?.code, c.error?.message]);

    expect(errored).toEqual([
      ['fault-hangs', 'adapter.timeout', 'the case did not finish within 300 ms'],
      // Where the implementation threw: its own file and line, not Baton's frames.
      [
        'fault-rejects',
        'adapter.threw',
        'the adapter threw Error: payment service answered 503 (at test/fixtures/e2e/impl/faulty.ts:18:33)',
      ],
      [
        'fault-throws',
        'adapter.threw',
        'the adapter threw TypeError: cannot read the order of undefined (at test/fixtures/e2e/impl/faulty.ts:15:17)',
      ],
    ]);
    for (const c of report.cases.filter((x) => x.status === 'error')) {
      expect(c.findings.map((f) => [f.code, f.outcome])).toEqual([['case.error', 'error']]);
    }
  });

  it('runs every other case to a verdict', () => {
    expect(report.cases.filter((c) => c.status !== 'error').map((c) => [c.id, c.status])).toEqual([
      ['ok-chain', 'pass'],
      ['ok-none', 'pass'],
      ['ok-refund', 'pass'],
    ]);
    expect(report.summary).toMatchObject({ cases: 6, passed: 3, failed: 0, errored: 3 });
  });

  it('fails the default errored gate; the pass rate counts only cases with a verdict', () => {
    expect(report.gates).toEqual([
      { name: 'pass_rate', threshold: '>= 1', actual: 1, passed: true, outcome: 'pass' },
      { name: 'errored', threshold: '<= 0', actual: 3, passed: false, outcome: 'fail' },
    ]);
  });

  it('finishes the run and exits 1, a failed gate', () => {
    expect(result.code, 'exit code (null: the CLI wrote its reports but never exited)').toBe(1);
  });
});

/** The handoffs the scripted router makes in a case: a `{ route: X }` signal hands to X. */
function scriptedHandoffs(c: Case): { from: string; to: string; step: number }[] {
  let owner = c.entry;
  const handoffs: { from: string; to: string; step: number }[] = [];
  c.steps.forEach((step, index) => {
    const route = step.kind === 'signal' ? step.values.route : undefined;
    if (typeof route !== 'string') return;
    handoffs.push({ from: owner, to: route, step: index });
    owner = route;
  });
  return handoffs;
}

async function loadCases(folder: string): Promise<Case[]> {
  const dir = join(REPO, folder);
  const cases: Case[] = [];
  for (const file of (await readdir(dir)).sort()) {
    const loaded = await loadCaseFile(join(dir, file));
    if (!loaded.ok) throw new Error(`fixture ${file} does not load`);
    cases.push(loaded.value);
  }
  return cases;
}

describe('20 cases, 8 at a time, with random waits between spans (repeat 2)', () => {
  let result: CliResult;
  let report: RunReport;
  let cases: Case[];
  beforeAll(async () => {
    const dir = join(out.path, 'concurrency');
    result = await runCli(['run', `${FIXTURES}/concurrency/suite.yaml`, '--out', dir]);
    report = await readReport(join(dir, 'report.json'));
    cases = await loadCases(`${FIXTURES}/concurrency/cases`);
  });

  it('runs every case twice; the failing ones fail the pass-rate gate (exit 1)', () => {
    expect(result.code).toBe(1);
    expect(report.cases).toHaveLength(20);
    expect(report.cases.every((c) => c.repeats === 2)).toBe(true);
  });

  it("observes in each case exactly its own script's handoffs", () => {
    for (const c of cases) {
      const reported = report.cases.find((r) => r.id === c.id);
      expect(
        reported?.handoffs.map(({ from, to, step }) => ({ from, to, step })),
        c.id,
      ).toEqual(scriptedHandoffs(c));
    }
  });

  it('judges each case against its own labels, in every repeat', () => {
    const expectedFailures: Record<string, string[]> = {
      'expect-pass': [],
      'expect-early': ['handoff.early'],
      'expect-unneeded': [],
    };
    for (const c of cases) {
      const verdict = c.tags.find((t) => t.startsWith('expect-')) ?? '';
      const reported = report.cases.find((r) => r.id === c.id);
      const failing = reported?.findings.filter((f) => f.outcome === 'fail').map((f) => f.code);
      const unneeded = scriptedHandoffs(c).map(() => 'handoff.unneeded');
      const want = verdict === 'expect-unneeded' ? unneeded : expectedFailures[verdict];

      expect({ status: reported?.status, failing, passed: reported?.passedRepeats }, c.id).toEqual({
        status: verdict === 'expect-pass' ? 'pass' : 'fail',
        failing: want,
        passed: verdict === 'expect-pass' ? 2 : 0,
      });
    }
  });

  it('finds every labelled fact in the payload of its own case', () => {
    expect(report.summary.byCode['handoff.missing_fact'] ?? 0).toBe(0);
  });
});

describe('implementations instrumented with the plain @opentelemetry/api', () => {
  let result: CliResult;
  const reports: Record<string, RunReport> = {};
  const verdicts = (name: string) =>
    Object.fromEntries(
      (reports[name]?.cases ?? []).map((c) => [
        c.id,
        [c.status, ...c.findings.filter((f) => f.outcome !== 'pass').map((f) => f.code)],
      ]),
    );
  beforeAll(async () => {
    const dir = join(out.path, 'otel');
    result = await runCli([
      'run',
      `${FIXTURES}/otel/plain.yaml`,
      `${FIXTURES}/otel/genai.yaml`,
      '--out',
      dir,
    ]);
    for (const name of ['e2e-otel-plain', 'e2e-otel-genai']) {
      reports[name] = await readReport(join(dir, name, 'report.json'));
    }
  });

  const expected = {
    'otel-chain': ['pass'],
    'otel-late': ['fail', 'handoff.late'],
    'otel-missing-fact': ['fail', 'handoff.missing_fact'],
    'otel-none': ['pass'],
    'otel-route': ['pass'],
  };

  it('with Baton attribute names (no Baton import) are captured and judged', () => {
    expect(result.code).toBe(1);
    expect(verdicts('e2e-otel-plain')).toEqual(expected);
  });

  it('in the GenAI shape (invoke_agent, execute_tool transfer_to_<agent>) are judged the same', () => {
    expect(verdicts('e2e-otel-genai')).toEqual(expected);
  });

  it('attribute the GenAI handoff to the agent of the enclosing invoke_agent span', () => {
    const chain = reports['e2e-otel-genai']?.cases.find((c) => c.id === 'otel-chain');

    expect(chain?.handoffs.map(({ from, to, step }) => [from, to, step])).toEqual([
      ['triage', 'billing', 1],
      ['billing', 'supervisor', 2],
    ]);
  });
});
