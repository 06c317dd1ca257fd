import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/*
 * `npm run test:crash`: the crash test kills real server processes, so it runs in a run of its
 * own (the integration runs' glob, test/**\/*.test.ts, does not match *.crash.ts); `npm test`
 * runs it last in the browser's stage.
 */
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['test/crash/**/*.crash.ts'],
    testTimeout: 1_200_000,
    hookTimeout: 300_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
