/**
 * A long `baton shadow` run: live conversations of the support desk (the policy in force) arrive
 * at a fixed rate on a fake clock — one every 20 ms, turns 500 ms apart, idle after 2 s — and the
 * real candidate (suites/shadow-regressed.yaml: the router under the proposed policy, behind the
 * shadow HTTP ledger) replays each one. Prints conversations compared a second, the peak heap and
 * the heap after a tenth of the run and at its end (flat means memory is bounded), and the peaks
 * of open conversations and queue. Then the same traffic with a candidate that falls behind (the
 * engine never yields to it): the queue stays at its bound and the rest is dropped and counted.
 * Runs in a child process of its own, with --expose-gc, so the heap figures are this run's.
 * Usage: node bin/run-ts.mjs bench/shadow.ts [conversations=20000]
 */
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { conversationsOf } from '../examples/http-service/replay-traffic.ts';
import { loadSuiteFile } from '../src/load/load-suite.ts';
import { ShadowConfig } from '../src/model/shadow-config.ts';
import { startCandidate } from '../src/shadow/io/candidate.ts';
import { liveReader } from '../src/shadow/live-trace.ts';
import { ShadowEngine } from '../src/shadow/shadow-engine.ts';
import { liveTurns } from '../test/fixtures/shadow/live-desk.ts';
import { type LiveTurn, liveConversation } from '../test/fixtures/shadow/live-spans.ts';

const root = resolve(import.meta.dirname, '..');
const EVERY_MS = 20;
const TURN_GAP_MS = 500;
const IDLE_MS = 2_000;
/** Turns of the longest support conversation the bench plays. */
const MAX_TURNS = 8;

interface Pass {
  readonly compared: number;
  readonly dropped: number;
  readonly agreement: number;
  readonly ms: number;
  readonly peakHeapMb: number;
  readonly heapAtTenthMb: number;
  readonly heapAtEndMb: number;
  readonly peakOpen: number;
  readonly peakQueued: number;
}

/** Runs the benchmark in a child process and prints its lines with `line`. */
export function benchShadow(line: (label: string, value: string) => void, n = 20_000): void {
  const out = execFileSync(
    process.execPath,
    [
      '--expose-gc',
      join(root, 'bin/run-ts.mjs'),
      join(root, 'bench/shadow.ts'),
      String(n),
      '--json',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  print(JSON.parse(out.trim().split('\n').at(-1) as string), line);
}

function print(r: { keeping: Pass; behind: Pass }, line: (l: string, v: string) => void): void {
  const k = r.keeping;
  line(
    'shadow, candidate keeping up',
    `${k.compared} conversations in ${(k.ms / 1e3).toFixed(1)} s  ${Math.round(k.compared / (k.ms / 1e3))}/s  agreement ${(k.agreement * 100).toFixed(1)}%  ${k.dropped} dropped`,
  );
  line(
    '  heap: tenth of the run → end, peak',
    `${k.heapAtTenthMb.toFixed(0)} → ${k.heapAtEndMb.toFixed(0)} MB, peak ${k.peakHeapMb.toFixed(0)} MB; open ≤ ${k.peakOpen}, queued ≤ ${k.peakQueued}`,
  );
  const b = r.behind;
  line(
    'shadow, candidate falling behind',
    `${b.compared} compared, ${b.dropped} dropped; queued ≤ ${b.peakQueued}, heap peak ${b.peakHeapMb.toFixed(0)} MB`,
  );
}

const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

async function pass(n: number, templates: LiveTurn[][], keepUp: boolean): Promise<Pass> {
  const loaded = await loadSuiteFile(join(root, 'suites/shadow-regressed.yaml'));
  if (!loaded.ok) throw new Error('suites/shadow-regressed.yaml did not load');
  const started = await startCandidate(loaded.value);
  const config = ShadowConfig.parse({
    ...loaded.value.config.shadow,
    idle_ms: IDLE_MS,
    max_drafts: 0,
  });
  let now = 0;
  const engine = new ShadowEngine({
    config,
    reader: liveReader(config.live),
    candidate: started.candidate,
    concurrency: 4,
    now: () => now,
    date: () => new Date(0),
    suite: { name: 'bench', file: 'bench', candidate: started.candidate.name },
    source: () => 'fake clock',
  });
  const traces = new Map<number, ReturnType<typeof liveConversation>>();
  const peak = { open: 0, queued: 0, heap: 0 };
  let heapAtTenth = 0;
  const t0 = performance.now();
  const end = (n - 1) * EVERY_MS + (MAX_TURNS - 1) * TURN_GAP_MS + IDLE_MS + EVERY_MS;
  for (now = 0; now <= end; now += EVERY_MS) {
    const tick = now / EVERY_MS;
    // Conversation i starts at tick i; its turn k arrives TURN_GAP_MS later each.
    for (let k = 0; k < MAX_TURNS; k++) {
      const i = tick - (k * TURN_GAP_MS) / EVERY_MS;
      if (i < 0 || i >= n) continue;
      const turns = templates[i % templates.length] as LiveTurn[];
      if (k >= turns.length) continue;
      if (k === 0) traces.set(i, liveConversation(`conv-${i}`, turns));
      engine.receive(traces.get(i)?.[k] ?? []);
      if (k === turns.length - 1) traces.delete(i);
    }
    engine.tick();
    peak.open = Math.max(peak.open, engine.held.open);
    peak.queued = Math.max(peak.queued, engine.held.queued);
    if (tick % 50 === 0 && keepUp) await engine.idle();
    if (tick % 1000 === 0)
      peak.heap = Math.max(peak.heap, process.memoryUsage().heapUsed / 2 ** 20);
    if (tick === Math.floor(n / 10)) heapAtTenth = heapMb();
  }
  await engine.idle();
  const ms = performance.now() - t0;
  const r = engine.report(true);
  await started.stop();
  return {
    compared: r.traffic.compared,
    dropped: r.traffic.dropped,
    agreement: r.agreement.rate,
    ms,
    peakHeapMb: peak.heap,
    heapAtTenthMb: heapAtTenth,
    heapAtEndMb: heapMb(),
    peakOpen: peak.open,
    peakQueued: peak.queued,
  };
}

async function main(): Promise<void> {
  const n = Number(process.argv[2] ?? 20_000);
  const files = globSync('cases/support/*.yaml', { cwd: root, absolute: true });
  const conversations = await conversationsOf(files);
  const templates = await Promise.all(
    conversations.map((c) => liveTurns('examples/support-router/policy.yaml', c)),
  );
  if (templates.some((t) => t.length > MAX_TURNS))
    throw new Error(`a support case has more than ${MAX_TURNS} turns`);
  const keeping = await pass(n, templates, true);
  const behind = await pass(n, templates, false);
  const result = { keeping, behind };
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else print(result, (l, v) => console.log(`${l.padEnd(34)} ${v}`));
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
