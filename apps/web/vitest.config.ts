import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
    },
  }),
);
