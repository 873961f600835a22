import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO } from './helpers.ts';
import { packedBaton } from './packed.ts';

// A loader hook that names every module the process loads, on stderr.
const hooks = `export async function load(url, context, next) { process._rawDebug('LOAD ' + url); return next(url, context); }`;
const register = `import { register } from 'node:module'; register(${JSON.stringify(
  `data:text/javascript,${encodeURIComponent(hooks)}`,
)});`;

const PACKAGE = /node_modules\/((?:@[^/]+\/)?[^/]+)/;

/** The packages and Baton source files behind the files a start loads (dist/ is bundled). */
interface Loaded {
  readonly packages: string[];
  readonly sources: string[];
}

function loadedBy(args: string[], cwd = REPO): Loaded {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      `data:text/javascript,${encodeURIComponent(register)}`,
      resolve(REPO, 'dist/cli/bin.js'),
      ...args,
    ],
    { encoding: 'utf8', cwd },
  );
  expect(result.status).toBe(0);
  // Which sources and inlined packages each bundled file holds, as esbuild wrote them down.
  const meta = JSON.parse(readFileSync(join(REPO, 'dist/bundle-meta.json'), 'utf8')) as {
    outputs: Record<string, { inputs: Record<string, unknown> }>;
  };
  const packages = new Set<string>();
  const sources = new Set<string>();
  for (const line of result.stderr.split('\n')) {
    if (!line.startsWith('LOAD file://')) continue;
    const path = decodeURIComponent(new URL(line.slice('LOAD '.length)).pathname);
    const own = meta.outputs[relative(REPO, path)];
    for (const input of own ? Object.keys(own.inputs) : [path]) {
      const name = PACKAGE.exec(input)?.[1];
      if (name) packages.add(name);
      else if (input.startsWith('src/')) sources.add(input);
    }
  }
  return { packages: [...packages].sort(), sources: [...sources].sort() };
}

// The built package is what users start. Packing rebuilds dist/, so wait for the run's one pack.
beforeAll(() => packedBaton(), 600_000);

describe('what a start of the built CLI loads', () => {
  it('baton --help and --version load no schema, YAML, statistics or property-testing library', () => {
    for (const args of [['--help'], ['--version'], ['run', '--help'], ['compare', '--help']]) {
      expect([args, loadedBy(args).packages]).toEqual([args, ['commander']]);
    }
  });

  it('a one-case module-adapter run loads no full YAML parser, other reporter, compare, shadow or merge code', () => {
    // The implementation imports baton-handoffs/conventions, as docs/conventions.md advises.
    const { packages, sources } = loadedBy(['run', 'bench/one-case/suite-conventions.yaml']);

    expect(packages).toContain('@opentelemetry/sdk-trace-base');
    expect(packages).toContain('js-yaml');
    expect(packages.filter((p) => ['yaml', 'fast-check', 'simple-statistics'].includes(p))).toEqual(
      [],
    );
    expect(sources).toContain('src/report/console.ts');
    expect(
      sources.filter((s) =>
        /^src\/(report\/(html|junit|markdown|github)|compare|shadow|merge\/(?!basis)|contracts\/arbitrary|isolation\/isolate)/.test(
          s,
        ),
      ),
    ).toEqual([]);
  });
});
