import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test-setup.ts'],
      // Shares two cores with the browser journeys under `npm test`; see the root vitest.config.ts.
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  }),
);
