import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * `npm run test:operations`: how the site is run (two instances behind nginx, starting,
 * readiness and draining, dependency outages and logs, backups, the first admin, migrations and
 * the previous release on the new schema). They run once per `npm test`, not once per database
 * as the integration tests do: each brings its own databases and server processes.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/operations/**/*.test.ts'],
    // A few suites build the app in-process on a database of their own, a copy of a migrated one.
    globalSetup: ['test/helpers/migrated-template.ts'],
    setupFiles: ['test/helpers/fail-on-console-error.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
