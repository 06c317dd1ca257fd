import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * `npm run test:operations`: how releases follow one another (migrations, the previous release
 * on the new schema). They run once per `npm test`, not once per database as the integration
 * tests do: the upgrade test brings its own PostgreSQL database and server processes.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/operations/**/*.test.ts'],
    setupFiles: ['test/helpers/fail-on-console-error.ts'],
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: 'forks',
  },
});
