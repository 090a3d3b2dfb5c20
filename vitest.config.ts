import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['domain/test/**/*.test.ts', 'server/src/**/*.unit.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          exclude: ['server/src/**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        define: { __BUILD__: JSON.stringify('test'), __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: {
          name: 'web',
          include: ['web/src/**/*.test.tsx', 'web/src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['web/src/test/setup.ts'],
          css: false,
          unstubGlobals: true,
          testTimeout: 20_000,
        },
      },
    ],
  },
});
