import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Tests that measure the process they run in (its heap) get a process of their own: anything an
 * earlier file left for the collector would count in their figures.
 */
const OWN_PROCESS = ['src/modules/auth/login-throttle-memory.test.ts'];

/**
 * Globs a run leaves out, comma-separated (`npm test` leaves the several-instances suites out of
 * its second database's run): the command line's `--exclude` does not reach the projects below.
 */
const LEFT_OUT = process.env.TEST_EXCLUDE?.split(',').filter(Boolean) ?? [];

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    globalSetup: ['test/helpers/migrated-template.ts'],
    setupFiles: ['test/helpers/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Run once per `npm test`, not once per database: test/operations/vitest.config.ts.
          exclude: [...configDefaults.exclude, 'test/operations/**', ...OWN_PROCESS, ...LEFT_OUT],
          // The files share one process and its loaded modules, one after another: each still
          // builds its own app on its own database, and loading the server's code once instead of
          // once per file saves a quarter of the run. A file must leave nothing behind in the
          // process that another could meet (timers, listeners, settings).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'own-process', include: OWN_PROCESS, exclude: LEFT_OUT, isolate: true },
      },
    ],
  },
});
