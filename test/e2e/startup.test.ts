import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packedBaton } from './packed.ts';

// A loader hook that names every module the process loads, on stderr.
const hooks = `export async function load(url, context, next) { process._rawDebug('LOAD ' + url); return next(url, context); }`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(
  `data:text/javascript,${encodeURIComponent(hooks)}`,
)});`;

function loadedBy(args: string[]): string[] {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(register)}`,
      resolve('dist/cli/bin.js'),
      ...args,
    ],
    { encoding: 'utf8' },
  );
  expect(result.status).toBe(0);
  return result.stderr
    .split('\n')
    .filter((line) => line.startsWith('LOAD '))
    .map((line) => line.slice('LOAD '.length));
}

// The built package is what users start. Packing rebuilds dist/, so wait for the run's one pack.
beforeAll(() => packedBaton(), 600_000);

describe('what a start of the built CLI loads', () => {
  it('baton --help and --version load no schema, YAML, statistics or property-testing library', () => {
    for (const args of [['--help'], ['--version'], ['run', '--help'], ['compare', '--help']]) {
      const packages = loadedBy(args)
        .map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1])
        .filter((name) => name !== undefined);
      expect([args, [...new Set(packages)]]).toEqual([args, ['commander']]);
    }
  });
});
