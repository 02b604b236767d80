import { defineConfig } from 'vitest/config';

/**
 * How many e2e test files run at a time, each against a server, database and mail sink of its own
 * (tests/e2e/global-setup.ts starts one per worker): E2E_WORKERS, 1 by default. On 2 cores two at a time
 * took as long as one (Chromium's renderers fill both cores either way) and made the timed tests flaky;
 * with four cores or more, E2E_WORKERS=2 should about halve it (not measured: the machines here have two).
 */
const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 1);

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
          maxWorkers: E2E_WORKERS,
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
