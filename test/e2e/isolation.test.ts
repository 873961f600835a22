import { describe, expect, it } from 'vitest';
import { readReport, runCli, stackLines, tempDir } from './helpers.ts';

const FIXTURES = 'test/fixtures/isolation';

/** Each case's status and, for an errored one, its error code and message. */
async function outcomes(file: string) {
  const report = await readReport(file);
  return Object.fromEntries(
    report.cases.map((c) => {
      const error = c.findings.find((f) => f.code === 'case.error');
      const observed = error?.observed as { code?: string } | undefined;
      return [c.id, { status: c.status, code: observed?.code, message: error?.message }];
    }),
  );
}

describe.each(['worker', 'process'] as const)('isolation: %s', (mode) => {
  it('fails only the case whose implementation exits, leaks an error or spins, and runs on', async () => {
    const out = await tempDir();
    try {
      const run = await runCli(['run', `${FIXTURES}/${mode}.yaml`, '--out', out.path]);
      expect(run.code).toBe(1); // the errored gate, not a crash and not the implementation's 3
      expect(stackLines(run.stdout + run.stderr)).toEqual([]);
      const cases = await outcomes(`${out.path}/report.json`);
      const where = mode === 'worker' ? 'worker thread' : 'child process';
      expect(cases['a-exits']).toMatchObject({ status: 'error', code: 'adapter.exit' });
      expect(cases['a-exits']?.message).toContain(`process.exit(3) in its ${where}`);
      expect(cases['b-rejects']).toMatchObject({ status: 'error', code: 'adapter.unhandled' });
      expect(cases['b-rejects']?.message).toContain('the refund queue closed');
      expect(cases['c-detached']).toMatchObject({ status: 'error', code: 'adapter.unhandled' });
      expect(cases['c-detached']?.message).toContain('detached boom');
      expect(cases['d-spins']).toMatchObject({ status: 'error', code: 'adapter.timeout' });
      // An error of f-late that escaped while g-trigger ran: it fails neither case, but the run.
      expect(cases['f-late']).toMatchObject({ status: 'pass' });
      expect(cases['g-trigger']).toMatchObject({ status: 'pass' });
      const report = await readReport(`${out.path}/report.json`);
      expect(report.passed).toBe(false);
      expect(report.unhandled).toEqual([
        { kind: 'uncaught_exception', message: 'late boom', caseId: 'f-late', repeat: 0 },
      ]);
      expect(run.stdout).toContain('! ESCAPED  in case f-late: late boom');
      // Runs last, on an isolate started after all the faults above.
      expect(cases['z-behaves']).toMatchObject({ status: 'pass' });
      if (mode === 'process')
        expect(cases['e-crashes']).toMatchObject({ status: 'error', code: 'adapter.crashed' });
    } finally {
      await out.remove();
    }
  });
});

describe('isolation settings', () => {
  it('refuses isolation for an adapter that runs nothing in Baton, naming the line and the fix', async () => {
    const run = await runCli(['validate', `${FIXTURES}/bad/http-isolated.yaml`]);
    expect(run.code).toBe(2);
    expect(run.stderr + run.stdout).toMatch(
      /http-isolated\.yaml:\d+:\d+: isolation: expected an adapter that runs your code in Baton's process.*Fix: remove `isolation`/,
    );
  });

  it('refuses recording a cassette from isolates, and says how to record', async () => {
    const run = await runCli(['validate', `${FIXTURES}/bad/record-isolated.yaml`]);
    expect(run.code).toBe(2);
    expect(run.stderr + run.stdout).toMatch(
      /record-isolated\.yaml:\d+:\d+: cassette\.mode: expected a cassette in replay mode.*Fix: record once with `isolation: none`/,
    );
  });
});
