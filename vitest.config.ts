import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          // Each file has a database of its own (helpers.ts copies the template): two files at a time take
          // ~92 s instead of ~139 s on two cores (one worker is vitest's default there).
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // A poll waits for the screen like `shown` does (UI_TIMEOUT), not vitest's default second:
          // after a reload the console boots, restores the session and asks the server before it
          // can show anything, which on a loaded 2-core CI machine took longer than a second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        // Long suites against real server processes on PostgreSQL (`npm run test:soak`).
        test: {
          name: 'soak',
          include: ['tests/soak/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
