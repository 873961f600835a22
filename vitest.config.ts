import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit tests of the pure core share one process: started apart, each file would spend about a
 * second loading its imports before a test runs. Every other test (those that install Baton's
 * tracer or the OpenTelemetry globals, patch the network with msw, load an SDK once per process,
 * start children; the examples and the end-to-end tests) gets a process of its own.
 */
const SHARED = [
  'src/*.test.ts',
  'src/checks/**/*.test.ts',
  'src/compare/**/*.test.ts',
  'src/contracts/**/*.test.ts',
  'src/load/**/*.test.ts',
  'src/merge/**/*.test.ts',
  'src/metrics/**/*.test.ts',
  'src/model/**/*.test.ts',
  'src/normalize/**/*.test.ts',
  'src/redact/**/*.test.ts',
  'src/report/**/*.test.ts',
  'src/traces/**/*.test.ts',
];

export default defineConfig({
  // `baton-handoffs` imports (the examples', as a user's code would write them) resolve to the
  // TypeScript sources through the package's `baton-source` export condition: no build needed.
  ssr: { resolve: { conditions: ['baton-source', 'node', 'development|production'] } },
  test: {
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: SHARED,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ['src/**/*.test.ts', 'examples/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SHARED],
          // Builds dist/ once per run: the CLI the end-to-end tests start, and the tarball the
          // adoption tests install (packed at most once, test/e2e/packed.ts).
          globalSetup: ['test/build-once.setup.ts'],
        },
      },
    ],
  },
});
