import { defineConfig } from 'vitest/config';

// One runner, four projects. `npm test` runs them all; the JSON report feeds the summary line
// that .ci/run prints.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on this 2-core machine, and
    // the suite is mostly waiting (servers, databases, browsers), not computing. Two workers, and
    // every project in the same pool: a project with fewer workers would be run on its own after
    // all the others.
    maxWorkers: 2,
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          include: ['apps/server/test/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // expect.poll's own default (one second) is shorter than a page's answer on a loaded
          // CI: a console check of a filled form failed at 1 s while the page was still typing.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
