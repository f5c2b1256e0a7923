import { defineConfig } from 'vitest/config';

/**
 * One runner for every suite (`npm test`):
 * - contracts: unit tests of the shared rules, and of the repository scripts (scripts/*.test.ts);
 * - web: unit tests of the web app that need no browser (the translation catalogs);
 * - server-sqlite / server-postgres: the API suite over HTTP (fastify.inject) on each database;
 *   the PostgreSQL project needs TEST_DATABASE_URL and says so loudly when it is missing;
 * - e2e: real Chromium (playwright-core) against the built app on a real port.
 */
export default defineConfig({
  test: {
    projects: [
      // contracts also runs the repository scripts' tests (scripts/new-module.test.ts: dry runs, then a generated module type-checked, linted and tested in a copy of the tree).
      { test: { name: 'contracts', include: ['packages/contracts/test/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server-sqlite',
          include: ['apps/server/src/**/*.test.ts'],
          // Several API instances are a PostgreSQL deployment (issue 14): that suite runs there only.
          exclude: ['apps/server/src/test/cluster.test.ts', 'apps/server/src/test/postgres-restart.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: ['apps/server/src/**/*.test.ts'],
          // Redis is independent of the database under test: its suite runs once, in server-sqlite.
          exclude: ['apps/server/src/lib/rate-limiter.test.ts'],
          env: { TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          setupFiles: ['apps/web/e2e/drift-check.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
