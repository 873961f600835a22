import { createCapture } from '../src/capture/capture.ts';
import { prepareFloor } from './floor.ts';
const N = 10_000;
const run = await prepareFloor(N, createCapture());
const ts = [];
for (let i = 0; i < 5; i++) ts.push(await run());
ts.sort((a, b) => a - b);
console.log('floor µs/case', ts.map((t) => ((t * 1000) / N).toFixed(1)).join(' '));
