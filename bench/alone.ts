/**
 * "Baton alone", in a process of its own: Baton's machinery per case (bench/floor.ts, the built
 * package: needs npm run build) measured
 * where nothing else of the benchmark has filled the heap (in the benchmark's own process, the
 * 10,000-case reports it holds made every collection slower and the figure several times too
 * high). Five rounds, each a floor run beside a bare router loop (the order alternating) and a
 * floor run with spans of the implementation's own. Prints one JSON line: each round's floor
 * ms and CPU ms, bare-loop ms and own-spans ms, and the load average during the rounds.
 * Usage: node bin/run-ts.mjs bench/alone.ts [cases=10000] [own spans=10]
 */
import { loadavg } from 'node:os';
import { bareLoop } from './bare-loop.ts';
import { prepareFloor } from './floor.ts';
import { generateCases } from './generate-cases.ts';
import { loadTemplates } from './templates.ts';

const n = Number(process.argv[2] ?? 10_000);
const ownSpans = Number(process.argv[3] ?? 10);
const cases = generateCases(await loadTemplates(), n);
await bareLoop(cases); // warm-up; prepareFloor warms itself
const floorRun = await prepareFloor(n);
const ownRun = await prepareFloor(n, ownSpans);
const floor: number[] = [];
const cpu: number[] = [];
const bare: number[] = [];
const own: number[] = [];
const timedFloor = async () => {
  const used = process.cpuUsage();
  floor.push(await floorRun());
  const { user, system } = process.cpuUsage(used);
  cpu.push((user + system) / 1e3);
};
const load: number[] = [];
for (let i = 0; i < 5; i++) {
  load.push(loadavg()[0] as number);
  if (i % 2 === 0) {
    bare.push(await bareLoop(cases));
    await timedFloor();
  } else {
    await timedFloor();
    bare.push(await bareLoop(cases));
  }
  own.push(await ownRun());
}
console.log(JSON.stringify({ floor, cpu, bare, own, load }));
