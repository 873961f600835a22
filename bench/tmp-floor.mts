import { createCapture } from '../src/capture/capture.ts';
import { prepareFloor } from './floor.ts';
const run = await prepareFloor(10_000, createCapture());
const ms = [];
for (let i = 0; i < 5; i++) ms.push(await run());
console.log(ms.map((m) => (m / 10).toFixed(1) + ' µs').join(' '));
