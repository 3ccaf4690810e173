import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const apiTests = ['src/**/*.api.test.ts'];
// The grader's tests compile and run C (minutes): a project of their own, so `npm run test:quick` leaves them out.
const graderTests = ['src/api/grader/**/*.test.ts'];
// Its own busy processes are the load the verdicts are proven against: run alone (`npm test` does), not beside others.
const loadTests = ['src/api/grader/verdicts.test.ts'];
// Each test file builds its own app on its own database (and a web test unstubs what it stubs), so the files can
// share a worker's loaded modules: importing the whole app again for every file was over half of the API tests'
// time (api-sqlite 175 s isolated, 98 s shared).
const shareModules = { isolate: false };

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The API tests wait on their
    // database and the grader's processes much of the time, so one worker more than the cores keeps them busy (on
    // 2 cores the unit and API tests took 440 s with one worker, 291 s with two, 200 s with three).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        // Components are tested as React renders them on the server (react-dom/server), with React 19's JSX runtime.
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'unit',
          ...shareModules,
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: [...apiTests, ...graderTests],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'grader',
          ...shareModules,
          include: graderTests,
          exclude: [...apiTests, ...loadTests],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: apiTests,
          ...shareModules,
          env: { TEST_DB: 'sqlite' },
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-pg',
          include: apiTests,
          ...shareModules,
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test/pg-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'load',
          include: loadTests,
          environment: 'node',
        },
      },
      {
        // The differential oracle (test/oracle/README.md): the C checks against gcc's sanitizers and valgrind, and its
        // own pieces' tests. Needs gcc-multilib, valgrind and csmith (npm test installs them).
        test: {
          name: 'oracle',
          include: ['test/oracle/**/*.test.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // Proof by difference against CodeRunner (test/coderunner/coderunner.test.ts): its sample C questions graded
        // as on Moodle (gcc natively, CodeRunner's graders) and by the site's grader. Needs gcc.
        test: {
          name: 'coderunner',
          include: ['test/coderunner/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        // Needs the build and nginx: run on its own after the build (`npm test` does), `vitest --project cluster`.
        // Each file has its own PostgreSQL and site processes on free ports, so the files run side by side.
        test: {
          name: 'cluster',
          include: ['test/cluster/**/*.cluster.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
