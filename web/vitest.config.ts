import { fileURLToPath } from 'node:url';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig((configEnv) =>
  mergeConfig(viteConfig(configEnv), {
    test: {
      // Rooted at the repository so the workbench in ../stories runs as tests too.
      dir: repoRoot,
      include: ['web/src/**/*.test.{ts,tsx}', 'stories/**/*.test.{ts,tsx}'],
      exclude: ['**/node_modules/**', '**/dist/**', '**/storybook-static/**'],
      environment: 'jsdom',
      setupFiles: [fileURLToPath(new URL('./src/test/setup.ts', import.meta.url))],
      restoreMocks: true,
      css: false,
      // A guard against hangs, not a speed bound: typing tests take seconds on a loaded 2-core CI machine.
      testTimeout: 20_000,
    },
  }),
);
