import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Run once per `npm test`, not once per database: test/operations/vitest.config.ts.
    exclude: [...configDefaults.exclude, 'test/operations/**'],
    globalSetup: ['test/helpers/migrated-template.ts'],
    setupFiles: ['test/helpers/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
