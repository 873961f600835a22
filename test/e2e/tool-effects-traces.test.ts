import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, readReport, runCli, tempDir } from './helpers.ts';

// Recorded traces whose refunds are tool calls: an OpenInference TOOL span (a crew, as the Python
// instrumentor writes it) and OpenTelemetry GenAI execute_tool spans (a service whose first call
// times out and is retried; an incident where it refunds twice). The suite's `effects.tools`
// rule makes each call of issue_refund a refund of its order_id, owned by refunds.

let out: { path: string; remove: () => Promise<void> };
let result: CliResult;
let report: RunReport;
beforeAll(async () => {
  out = await tempDir();
  result = await runCli(['run', 'test/fixtures/tool-effects/suite.yaml', '--out', out.path]);
  report = await readReport(join(out.path, 'report.json'));
}, 60_000);
afterAll(() => out.remove());

describe('baton run on recorded traces with effects.tools', () => {
  it('counts each successful call once, a failed call not at all, and finds the double refund', () => {
    const failing = report.cases.flatMap((c) =>
      c.findings.filter((f) => f.outcome !== 'pass').map((f) => `${c.id} ${f.code}`),
    );

    expect(failing).toEqual(['service-refund-twice effect.double']);
    expect(result.code).toBe(1);
  });

  it('credits the calls to the agent of the trace, under its participant name', () => {
    // 1 (crew) + 1 (retried) + 2 (twice) committed refunds, each judged against its owner.
    expect(report.metrics.byCode['effect.unowned']).toMatchObject({ count: 0, of: 4 });
    expect(report.metrics.byCode['effect.missing']).toMatchObject({ count: 0 });
  });
});
