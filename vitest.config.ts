import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * How many e2e test files run at a time, each against a server, database and mail sink of its own
 * (tests/e2e/global-setup.ts starts one per worker): E2E_WORKERS, 2 by default. A file spends about half
 * its time waiting (the browser, the server and the test take turns), so on 2 cores two files at a time
 * took 325 s for the whole run where one took 554 s (28/11; on two earlier machines, whose CPU the
 * browser filled, it took as long as one: never longer). Three at a time took as long as two (754 s and
 * 753 s, 05/12): the CPU was full (1–6 % idle), about half of it the pages' renderers running the console,
 * the rest the browser process, the servers and the test processes. E2E_WORKERS=1 runs one file at a time.
 */
const E2E_WORKERS = Math.max(1, Math.floor(Number(process.env.E2E_WORKERS)) || 2);

/**
 * The browser tests that time what a user waits for: a group of their own (`sequence.groupOrder`), which
 * vitest runs apart from the other files (it runs it after them), so no other browser shares the machine.
 */
const TIMED_E2E = 'tests/e2e/timed/**/*.test.ts';

/** The unit tests' settings (both unit projects). */
const unit = { include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' as const, testTimeout: 20_000, sequence: { groupOrder: 1 } };
/** Unit test files that replace a module with vi.mock (found by reading them, so that a new one is too). */
const UNIT_DIR = new URL('tests/unit/', import.meta.url);
const MOCKING_UNIT = readdirSync(UNIT_DIR)
  .filter((name) => /\.test\.tsx?$/.test(name) && readFileSync(new URL(name, UNIT_DIR), 'utf8').includes('vi.mock('))
  .map((name) => `tests/unit/${name}`);

/** The browser tests' settings (both e2e projects). */
const e2e = {
  environment: 'node' as const,
  globalSetup: ['tests/e2e/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // A poll waits for the screen like `shown` does (UI_TIMEOUT), not vitest's default second:
  // after a reload the console boots, restores the session and asks the server before it
  // can show anything, which on a loaded 2-core CI machine took longer than a second.
  expect: { poll: { timeout: 10_000 } },
  sequence: { groupOrder: 1 },
};

/** Files that run longest by their design: the soak's minute of load. */
const LONG_BY_DESIGN = ['tests/soak/load.test.ts'];

/**
 * vitest's order (a project's files longest first by their last run, else largest first), except that a file
 * of LONG_BY_DESIGN opens its project's run: a clean clone (CI) has no last run, and the soak's load is
 * one of its smaller files, so it started last and ran alone after the others (~110 s instead of ~90 s).
 */
class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (file: TestSpecification) => LONG_BY_DESIGN.some((path) => file.moduleId.endsWith(path));
    // Each project's files are together in vitest's order: the long ones move to the front of theirs.
    const runs: TestSpecification[][] = [];
    for (const file of sorted) {
      const run = runs.at(-1);
      if (run && run[0].project.name === file.project.name) run.push(file);
      else runs.push([file]);
    }
    return runs.flatMap((run) => [...run.filter(long), ...run.filter((file) => !long(file))]);
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFirst },
    projects: [
      // Unit tests get 20 s, not vitest's 5 s: on the 2-core machine, with a CI run beside, fast-check
      // properties and the first jsdom renders have taken 5.2–5.5 s; alone they take well under a second.
      //
      // The files share their modules (isolate: false): each file imported the console's and the server's
      // modules anew, which was most of the run (46 s → 19 s on two cores, 01/12). A file that replaces a
      // module (vi.mock) must not hand its stand-in to the next file: those run isolated, as `unit-mocks`.
      { test: { ...unit, name: 'unit', exclude: [...configDefaults.exclude, ...MOCKING_UNIT], isolate: false } },
      { test: { ...unit, name: 'unit-mocks', include: MOCKING_UNIT } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          sequence: { groupOrder: 1 },
          environment: 'node',
          globalSetup: ['tests/api/global-setup.ts'],
          // Each file has a database of its own (helpers.ts copies the template): two files at a time take
          // ~92 s instead of ~139 s on two cores (one worker is vitest's default there). The files share
          // their modules (isolate: false; none mocks one, and each builds its own app): importing the
          // server anew for each file was half the run (152 s → 87 s, 01/12).
          maxWorkers: 2,
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The timed browser tests, alone on the machine, against a world of their own.
        test: { ...e2e, name: 'e2e-timed', include: [TIMED_E2E], maxWorkers: 1, sequence: { groupOrder: 0 } },
      },
      {
        test: { ...e2e, name: 'e2e', include: ['tests/e2e/**/*.test.ts'], exclude: [...configDefaults.exclude, TIMED_E2E], maxWorkers: E2E_WORKERS },
      },
      {
        // Long suites against real server processes on PostgreSQL (`npm run test:soak`). Two files at a
        // time: each suite has a database and server processes of its own, and a fifth of the run was idle
        // CPU (servers restarting after a kill -9, waits on a cut database), so the minute of load runs
        // beside the races, crashes and outage instead of after them (`LongFirst`; ~125 s → ~95 s on two cores, 07/12).
        test: {
          name: 'soak',
          include: ['tests/soak/**/*.test.ts'],
          globalSetup: ['tests/soak/global-setup.ts'],
          sequence: { groupOrder: 1 },
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
