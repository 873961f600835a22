/**
 * The published JavaScript (part of `npm run build`, after tsc has written the .d.ts files): the
 * CLI, the public entries and the isolate's main module bundled by esbuild into dist/, split into
 * shared chunks (dist/chunks/) so that each command loads only what it imports, lazily loaded
 * parts staying lazy. A start then opens a few dozen files instead of several hundred: Node 20
 * has no compile cache, and resolving, reading and linking each module is most of a short run.
 *
 * Packages that Baton lists as dependencies or peer dependencies stay imports, resolved from the
 * user's install (one `@opentelemetry/api` and one zod per process: both keep global state).
 * The others (the CLI parser, the fast YAML parser, the glob matcher, the OpenTelemetry SDK) are
 * dev dependencies inlined here; their licences go to dist/THIRD-PARTY-LICENSES.txt. A package
 * inlined without being listed in INLINED fails the build, so nothing is bundled by surprise.
 * Usage: node bin/run-ts.mjs scripts/bundle.ts
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build, type Metafile } from 'esbuild';

const root = resolve(import.meta.dirname, '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** Packages inlined into dist/ (dev dependencies of Baton and the packages they import). */
const INLINED = new Set([
  '@opentelemetry/context-async-hooks',
  '@opentelemetry/core',
  '@opentelemetry/resources',
  '@opentelemetry/sdk-trace',
  '@opentelemetry/sdk-trace-base',
  '@opentelemetry/semantic-conventions',
  'commander',
  'fdir',
  'js-yaml',
  'picomatch',
  'tinyglobby',
]);

const ENTRIES = [
  'src/cli/bin.ts',
  'src/public/index.ts',
  'src/public/conventions.ts',
  'src/public/contracts.ts',
  'src/public/testing.ts',
  'src/public/vitest.ts',
  'src/public/langgraph.ts',
  'src/public/openai-agents.ts',
  'src/public/traces.ts',
  'src/isolation/isolate-main.ts',
  'src/traces/read-worker.ts',
];

const external = new Set([
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
]);
const builtins = new Set(builtinModules);

/** `@scope/name` or `name` of a bare specifier. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string);
}

function packageOfInput(path: string): string | undefined {
  const at = path.lastIndexOf('node_modules/');
  return at === -1 ? undefined : packageOf(path.slice(at + 'node_modules/'.length));
}

const result = await build({
  absWorkingDir: root,
  entryPoints: ENTRIES,
  outbase: 'src',
  outdir: 'dist',
  // Chunks one folder deep, as every source file is: paths built from import.meta.url
  // (`../../package.json`) reach the same files from either.
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  // The packages' ES module builds, which esbuild can tree-shake.
  mainFields: ['module', 'main'],
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  // Inlined CommonJS packages require Node's built-ins.
  banner: {
    js: "import { createRequire as __batonCreateRequire } from 'node:module'; const require = __batonCreateRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'dependencies-stay-imports',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, ({ path }) => {
          if (path.startsWith('node:') || builtins.has(packageOf(path))) return { external: true };
          return external.has(packageOf(path)) ? { external: true } : undefined;
        });
      },
    },
  ],
});

const inlined = inlinedPackages(result.metafile);
const surprise = [...inlined].filter((name) => !INLINED.has(name));
if (surprise.length > 0) {
  console.error(
    `scripts/bundle.ts: ${surprise.join(', ')} would be inlined into dist/. Add each to package.json dependencies (it stays an import) or to INLINED in scripts/bundle.ts.`,
  );
  process.exit(1);
}
writeFileSync(join(root, 'dist/bundle-meta.json'), JSON.stringify(result.metafile));
writeFileSync(join(root, 'dist/THIRD-PARTY-LICENSES.txt'), licences(inlined));

function inlinedPackages(meta: Metafile): Set<string> {
  const names = new Set<string>();
  for (const input of Object.keys(meta.inputs)) {
    const name = packageOfInput(input);
    if (name) names.add(name);
  }
  return names;
}

/** Each inlined package's name, version, licence and licence text. */
function licences(names: Set<string>): string {
  const parts = [...names].sort().map((name) => {
    const dir = join(root, 'node_modules', name);
    const info = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
      version: string;
      license?: string;
    };
    const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)/i.test(f));
    const text = file && existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : '';
    return `${name}@${info.version} (${info.license ?? 'see package'})\n\n${text.trim()}\n`;
  });
  return `Packages bundled into Baton's dist/ files, with their licences.\n\n${parts.join('\n---\n\n')}`;
}
