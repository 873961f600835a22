import { defineConfig } from 'vitest/config';

export default defineConfig({
  // `baton-handoffs` imports (the examples', as a user's code would write them) resolve to the
  // TypeScript sources through the package's `baton-source` export condition: no build needed.
  ssr: { resolve: { conditions: ['baton-source', 'node', 'development|production'] } },
  test: {
    include: ['src/**/*.test.ts', 'examples/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Packs Baton at most once per run for the tests that install it (test/e2e/packed.ts).
    globalSetup: ['test/pack-once.setup.ts'],
  },
});
