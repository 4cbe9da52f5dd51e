import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Integration files whose database does not follow the pass's: each runs in one pass only
 * (docs/decisions/308-each-pass-runs-what-only-it-proves.md). The first start servers on their
 * own embedded PGlite, or need no database; the second always use the machine's PostgreSQL
 * (and Redis, HAProxy), so they run where `DATABASE_URL` is set.
 */
const PGLITE_PASS_ONLY = [
  'server-process',
  'backup-restore',
  'admin-grant',
  'storage-migrate',
  'shutdown',
  'event-stream',
  'provider-breaker',
  'mentor-eval-model',
  'rate-limit-leases',
].map((name) => `tests/integration/${name}.test.ts`);
const POSTGRES_PASS_ONLY = ['cluster', 'community-instances', 'instances-start', 'shared-limits'].map((name) => `tests/integration/${name}.test.ts`);

export default defineConfig({
  test: {
    setupFiles: ['tests/setup/fail-on-console-error.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'],
          // The property tests run hundreds of cases: a busy 2-core machine can take more than
          // the default 5 s, which would be a timing failure, not a wrong answer.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // Run POSTGRES_PASS_ONLY with DATABASE_URL set; PGLITE_PASS_ONLY without it.
          exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? PGLITE_PASS_ONLY : POSTGRES_PASS_ONLY)],
          globalSetup: ['tests/setup/migrated-database-template.ts'],
          // Each file opens its own app and database (support/test-app.ts), so files share
          // nothing but loaded modules; reusing those saves importing the whole server again
          // per file, most of this project's time on 2 cores (docs/decisions/120-e2e-without-flakes.md).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
