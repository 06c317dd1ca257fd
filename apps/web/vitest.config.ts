import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The app's own resolution (the `@` alias, @keyhaven/shared from its sources), so components are
// tested as the build compiles them.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'happy-dom',
      include: ['src/**/*.test.tsx'],
      setupFiles: ['src/test/setup.ts'],
    },
  }),
);
