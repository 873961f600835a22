/**
 * `npm run bench`: Baton's own cost per case. Replays N generated cases through the bundled
 * support router twice — bare (the router's decide() called directly) and through Baton (module
 * adapter, span capture, normalisation, every check, metrics, gates, report rendering) — and
 * prints cases/s for both, Baton's overhead per case and peak memory. Not a test: numbers vary
 * with the machine. "baton alone" runs the same machinery with an adapter that does nothing but
 * emit one handoff: Baton's own cost per case, without any implementation. Then the envelope property run of one contract edge at 1,000 envelopes per
 * property through an in-process receiver, as envelopes checked a second. Then the HTML report of
 * the 10,000-case run: its render time and size, and the page in headless Chromium. First of
 * all, start-up: `baton --help` and one-case runs as whole processes against `node -e 0`
 * (bench/startup.ts). Last, recorded traces read back, and a 20,000-conversation `baton shadow`
 * run on a fake clock.
 * Usage: npm run bench -- [cases=10000]; only isolation and redaction: npm run bench -- isolation [cases=1000]
 */
import { resolve } from 'node:path';
import { loadPolicy } from '../examples/support-router/policy.ts';
import { decide } from '../examples/support-router/router.ts';
import { initialState } from '../examples/support-router/state.ts';
import { createModuleAdapter } from '../src/adapters/module/module-adapter.ts';
import { createTransport } from '../src/adapters/transport/transport.ts';
import { createCapture } from '../src/capture/capture.ts';
import { loadCaseFile } from '../src/load/load-case.ts';
import type { Case } from '../src/model/labelled-case.ts';
import { SuiteInput } from '../src/model/suite.ts';
import { renderJson } from '../src/report/json.ts';
import { runSuite } from '../src/run/run-suite.ts';
import { benchEnvelopes } from './envelopes.ts';
import { benchFloor } from './floor.ts';
import { generateCases } from './generate-cases.ts';
import { benchStartup } from './startup.ts';

if (process.argv[2] === 'isolation') {
  await (await import('./isolation.ts')).benchIsolationAlone(Number(process.argv[3] ?? 1_000));
  process.exit(0);
}

const N = Number(process.argv[2] ?? 10_000);
const root = resolve(import.meta.dirname, '..');
const policyFile = resolve(root, 'examples/support-router/policy.yaml');

async function loadTemplates(): Promise<Case[]> {
  const { globSync } = await import('tinyglobby');
  const files = globSync('cases/support/*.yaml', { cwd: root, absolute: true });
  const loaded = await Promise.all(files.map((f) => loadCaseFile(f)));
  return loaded.flatMap((r) => (r.ok ? [r.value] : []));
}

async function bare(cases: readonly Case[]): Promise<number> {
  const policy = await loadPolicy(policyFile);
  const started = performance.now();
  let handoffs = 0;
  for (const c of cases) {
    let state = initialState(c.entry);
    for (let i = 0; i < c.steps.length; i++) {
      const d = decide(policy, state, c.steps[i]!, i);
      state = d.state;
      handoffs += d.actions.filter((a) => a.kind === 'handoff').length;
    }
    // Each step is awaited in Baton's path too; keep the bare loop honest about that.
    await undefined;
  }
  if (handoffs === 0)
    throw new Error('the bare loop saw no handoffs: the generated cases are wrong');
  return performance.now() - started;
}

/** The implementation module driven directly, its spans going to the API's no-op tracer. */
async function instrumentedNoop(cases: readonly Case[]): Promise<number> {
  const { default: factory } = await import('../examples/support-router/implementation.ts');
  const implementation = await factory({ policy: policyFile }, { suiteDir: root });
  const signal = new AbortController().signal;
  const transport = createTransport([], { caseId: 'bench', repeat: 0 });
  const started = performance.now();
  for (const c of cases) {
    const session = await implementation.startCase({ ...c, repeat: 0, signal, ...transport });
    for (let i = 0; i < c.steps.length; i++) await session.handle(c.steps[i]!, i);
  }
  return performance.now() - started;
}

async function baton(cases: readonly Case[], concurrency: number) {
  const config = SuiteInput.parse({
    name: 'bench',
    cases: { include: ['unused'] },
    adapter: {
      type: 'module',
      path: 'examples/support-router/implementation.ts',
      options: { policy: policyFile },
    },
    concurrency,
    timeout_ms: 60_000,
  });
  const adapter = createModuleAdapter(
    { path: 'examples/support-router/implementation.ts', options: { policy: policyFile } },
    resolve(root, 'bench.yaml'),
  );
  const capture = createCapture();
  const started = performance.now();
  const report = await runSuite({
    suite: { name: 'bench', file: 'bench', config },
    cases,
    adapter,
    capture,
  });
  const runMs = performance.now() - started;
  const renderStarted = performance.now();
  const json = renderJson(report);
  return { runMs, renderMs: performance.now() - renderStarted, report, jsonBytes: json.length };
}

function line(label: string, value: string): void {
  console.log(`${label.padEnd(34)} ${value}`);
}

// Start-up first, while nothing else of this process competes for the machine.
benchStartup(line);

const templates = await loadTemplates();
const cases = generateCases(templates, N);
const warm = generateCases(templates, 2_000);
await bare(warm);
await baton(warm, 4);

// Best of three for each path: the machine's noise only ever adds time.
const best = async (f: () => Promise<number>) => Math.min(await f(), await f(), await f());
await instrumentedNoop(warm);
const bareMs = await best(() => bare(cases));
const noopMs = await best(() => instrumentedNoop(cases));
const runs = [];
for (const concurrency of [1, 4]) {
  const tries = [
    await baton(cases, concurrency),
    await baton(cases, concurrency),
    await baton(cases, concurrency),
  ];
  const fastest = tries.reduce((a, b) => (b.runMs < a.runMs ? b : a));
  runs.push({ concurrency, ...fastest });
}

line('cases', `${N} (generated from ${templates.length} bundled cases)`);
line('steps', `${cases.reduce((n, c) => n + c.steps.length, 0)}`);
line(
  'bare router loop',
  `${(bareMs / 1e3).toFixed(3)} s  ${Math.round(N / (bareMs / 1e3))} cases/s`,
);
line(
  'implementation, no-op OTel API',
  `${(noopMs / 1e3).toFixed(3)} s  ${Math.round(N / (noopMs / 1e3))} cases/s`,
);
for (const r of runs) {
  const perCase = ((r.runMs - bareMs) / N) * 1e3;
  line(
    `baton, concurrency ${r.concurrency}`,
    `${(r.runMs / 1e3).toFixed(3)} s  ${Math.round(N / (r.runMs / 1e3))} cases/s`,
  );
  line(`  overhead per case vs bare`, `${perCase.toFixed(1)} µs`);
  line(
    `  of which outside the implementation`,
    `${(((r.runMs - noopMs) / N) * 1e3).toFixed(1)} µs`,
  );
  line(
    `  verdicts`,
    `${r.report.summary.passed} passed, ${r.report.summary.failed} failed, ${r.report.summary.errored} errored`,
  );
  line(`  report.json render`, `${r.renderMs.toFixed(0)} ms, ${(r.jsonBytes / 1e6).toFixed(1)} MB`);
}
const floorMs = await benchFloor(N, createCapture());
line(
  'baton alone (empty adapter)',
  `${((floorMs / N) * 1e3).toFixed(1)} µs per 4-step case with 1 handoff`,
);
const envelopes = await benchEnvelopes(1_000);
line(
  'envelope properties, 1 edge',
  `${envelopes.calls} receiver calls in ${envelopes.ms.toFixed(0)} ms  ${envelopes.perSecond} envelopes/s`,
);
await (await import('./html.ts')).benchHtml(runs.at(-1)!.report, line);
line('peak memory (max RSS)', `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
await (await import('./model-traffic.ts')).benchModelTraffic(line);
await (await import('./isolation.ts')).benchIsolation(generateCases(templates, 1_000), line);
(await import('./traces.ts')).benchTraces(line); // recorded traces, in a child process
(await import('./shadow.ts')).benchShadow(line); // a long shadow run, in a child process
