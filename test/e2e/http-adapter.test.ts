import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { stripVTControlCharacters as plain } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../src/model/report.ts';
import { type CliResult, lines, REPO, readReport, runCli, stackLines, tempDir } from './helpers.ts';

/** What release 2.0 of the desk (`--flawed`) breaks: examples/http-service/README.md. */
const FLAWED_FINDINGS = [
  'deadline-risk-25 handoff.missed step 3',
  'deadline-risk-25 handoff.missing_fact step 0',
  'deadline-risk-at-30 handoff.missed step 1',
  'deadline-risk-window handoff.missed step 2',
  'low-confidence-damage-photo handoff.missing_fact step 0',
  'no-progress-recovers-too-late handoff.missing_fact step 0',
  'no-progress-window handoff.missing_fact step 0',
  'refund-1200-approved handoff.missing_fact step 1',
  'refund-1200-approved handoff.missing_fact step 2',
  'refund-499-under-limit handoff.missing_fact step 0',
  'refund-650-rejected handoff.missing_fact step 1',
  'refund-750-needs-approval handoff.missing_fact step 1',
  'refund-amount-from-lookup handoff.missing_fact step 0',
  'refund-asks-order-id handoff.missing_fact step 1',
  'refund-order-in-first-message handoff.missing_fact step 0',
];

const KILL_AFTER_MS = 60_000;

function failing(report: RunReport): string[] {
  return report.cases
    .flatMap((c) =>
      c.findings.filter((f) => f.outcome === 'fail').map((f) => `${c.id} ${f.code} step ${f.step}`),
    )
    .sort();
}

/** A suite in `dir` that runs the example service with `start` overrides, on `cases`. */
function suiteText(
  dir: string,
  name: string,
  o: { cases: string; args?: string[]; env?: object; extra?: string },
): string {
  const service = ['bin/run-ts.mjs', 'examples/http-service/server.ts', ...(o.args ?? [])];
  return [
    `name: ${name}`,
    `cases: { include: [${JSON.stringify(relative(dir, join(REPO, o.cases)))}] }`,
    'adapter:',
    '  type: http',
    "  url: 'http://127.0.0.1:{{port}}/turn'",
    '  start:',
    '    command: node',
    `    args: ${JSON.stringify(service)}`,
    `    cwd: ${JSON.stringify(relative(dir, REPO))}`,
    `    env: ${JSON.stringify({ PORT: '{{port}}', ...o.env })}`,
    "    ready_url: 'http://127.0.0.1:{{port}}/health'",
    ...(o.extra ? [o.extra] : []),
    'gates: [{ metric: errored, max: 0 }, { metric: pass_rate, min: 1 }]',
    '',
  ].join('\n');
}

/** Judge the desk from its answers only: no spans (OTEL_TRACES_EXPORTER=none). */
const FROM_RESPONSE = [
  '  decision:',
  '    from: response',
  '    handoff_to: handoffs.*.to',
  '    agent: handoffs.*.from',
  '    reason: handoffs.*.reason',
  '    payload: handoffs.*.payload',
].join('\n');

interface Run {
  result: CliResult;
  report?: RunReport;
}

let out: { path: string; remove: () => Promise<void> };
const runs: Record<string, Run> = {};

async function run(name: string, suite: string): Promise<void> {
  const dir = join(out.path, name);
  const result = await runCli(['run', suite, '--out', dir], { killAfterMs: KILL_AFTER_MS });
  const report = await readReport(join(dir, 'report.json')).catch(() => undefined);
  runs[name] = { result, ...(report && { report }) };
}

beforeAll(async () => {
  out = await tempDir();
  const dir = out.path;
  const write = (file: string, text: string) => writeFile(join(dir, file), text);
  await write(
    'fails-to-start.yaml',
    [
      'name: fails-to-start',
      `cases: { include: [${JSON.stringify(relative(dir, join(REPO, 'cases/support/refund-750-needs-approval.yaml')))}] }`,
      'adapter:',
      '  type: http',
      "  url: 'http://127.0.0.1:{{port}}/turn'",
      '  start:',
      '    command: node',
      `    args: ['-e', "console.error('Error: EADDRINUSE 8787'); throw new Error('cannot listen')"]`,
      '',
    ].join('\n'),
  );
  await write(
    'one-case-500.yaml',
    suiteText(dir, 'one-case-500', {
      cases: 'cases/support/refund-*.yaml',
      env: { SUPPORT_DESK_FAIL_CASE: 'refund-750-needs-approval' },
    }),
  );
  await write(
    'untraced.yaml',
    suiteText(dir, 'untraced', {
      cases: 'cases/support/*.yaml',
      env: { OTEL_TRACES_EXPORTER: 'none' },
      extra: FROM_RESPONSE,
    }),
  );
  await write(
    'untraced-flawed.yaml',
    suiteText(dir, 'untraced-flawed', {
      cases: 'cases/support/*.yaml',
      args: ['--flawed'],
      env: { OTEL_TRACES_EXPORTER: 'none' },
      extra: FROM_RESPONSE,
    }),
  );
  // Two CLIs at a time (each starts a service): enough to overlap the waits, gentle on small CI.
  await Promise.all([
    run('sound', 'suites/http-service.yaml'),
    run('flawed', 'suites/http-service-flawed.yaml'),
  ]);
  await Promise.all([
    run('untraced', join(dir, 'untraced.yaml')),
    run('untraced-flawed', join(dir, 'untraced-flawed.yaml')),
  ]);
  await Promise.all([
    run('fails-to-start', join(dir, 'fails-to-start.yaml')),
    run('one-case-500', join(dir, 'one-case-500.yaml')),
  ]);
}, 180_000);
afterAll(() => out.remove());

describe('baton run suites/http-service.yaml: the desk behind HTTP, judged from its OTLP spans', () => {
  it('exits 0 with every case passed and every gate met', () => {
    const { result, report } = runs.sound as Run;

    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(lines(plain(result.stdout)).at(-2)).toMatch(
      /^PASS {2}38 cases · 38 passed · 0 failed · 0 errored/,
    );
    expect(report?.summary).toMatchObject({ cases: 38, passed: 38, failed: 0, errored: 0 });
    expect(report?.suite.adapter).toMatch(/^http http:\/\/127\.0\.0\.1:\d+\/turn$/);
  });

  it('sees every handoff the desk made, at its step, through the service’s spans', () => {
    const { report } = runs.sound as Run;
    const refund = report?.cases.find((c) => c.id === 'refund-750-needs-approval');

    expect(refund?.handoffs.map((h) => `${h.from}->${h.to}@${h.step}`)).toEqual([
      'triage->refunds@1',
      'refunds->supervisor@1',
    ]);
  });
});

describe('baton run suites/http-service-flawed.yaml: release 2.0 of the desk', () => {
  it('exits 1 on the missed and missing_fact gates', () => {
    const { result } = runs.flawed as Run;
    const text = plain(result.stdout);

    expect(result.code).toBe(1);
    expect(text).toMatch(/✗ {2}count\(handoff\.missed\) +<= 0 +actual 3/);
    expect(text).toMatch(/✗ {2}count\(handoff\.missing_fact\) +<= 0 +actual 12/);
    expect(lines(text).at(-2)).toMatch(/^FAIL {2}38 cases · 25 passed · 13 failed · 0 errored/);
  });

  it('fails exactly the documented cases, with the documented codes at the documented steps', () => {
    expect(failing((runs.flawed as Run).report as RunReport)).toEqual(FLAWED_FINDINGS);
  });
});

describe('a service judged from its answers only (decision: from: response, no spans)', () => {
  it('passes the sound desk', () => {
    const { result, report } = runs.untraced as Run;

    expect(result.code).toBe(0);
    expect(report?.summary).toMatchObject({ cases: 38, passed: 38, errored: 0 });
  });

  it('finds the same flaws in the flawed desk as the spans do', () => {
    const { result, report } = runs['untraced-flawed'] as Run;

    expect(result.code).toBe(1);
    expect(failing(report as RunReport)).toEqual(FLAWED_FINDINGS);
  });
});

describe('a service that breaks', () => {
  it('fails to start: exit 2, one line naming the command, its exit code and its stderr, no stack', () => {
    const { result } = runs['fails-to-start'] as Run;

    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(lines(result.stderr)).toHaveLength(1);
    expect(stackLines(result.stderr)).toEqual([]);
    expect(result.stderr).toMatch(
      /^baton: Failed to start the service `node -e .*`: it exited with code 1 before http:\/\/127\.0\.0\.1:\d+\/ answered\. Its stderr ended with: .*EADDRINUSE 8787.* \| Error: cannot listen\. Fix the service or adapter\.start in .*fails-to-start\.yaml\.\n$/,
    );
  });

  it('answers 500 to one case: only that case is errored, with the status and body', () => {
    const { result, report } = runs['one-case-500'] as Run;
    const statuses = Object.fromEntries(report?.cases.map((c) => [c.id, c.status]) ?? []);
    const broken = report?.cases.find((c) => c.id === 'refund-750-needs-approval');

    expect(result.code).toBe(1);
    expect(Object.keys(statuses).length).toBeGreaterThan(5);
    expect(Object.entries(statuses).filter(([, s]) => s !== 'pass')).toEqual([
      ['refund-750-needs-approval', 'error'],
    ]);
    expect(broken?.findings[0]?.observed).toMatchObject({
      code: 'adapter.request',
      message: expect.stringMatching(
        /^step 0: POST http:\/\/127\.0\.0\.1:\d+\/turn answered 500 Internal Server Error: \{"error":"the desk is down for case refund-750-needs-approval"\}$/,
      ),
    });
  });
});
