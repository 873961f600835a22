import { resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { loadCaseFile } from '../src/load/load-case.ts';
import { generateCases } from './generate-cases.ts';
import { benchIsolation } from './isolation.ts';

const root = resolve(import.meta.dirname, '..');
const files = globSync('cases/support/*.yaml', { cwd: root, absolute: true });
const t = (await Promise.all(files.map((f) => loadCaseFile(f)))).flatMap((r) =>
  r.ok ? [r.value] : [],
);
await benchIsolation(generateCases(t, 1000), (a, b) => console.log(a.padEnd(34), b));
