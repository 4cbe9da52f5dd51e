import { configDefaults, defineConfig } from 'vitest/config';

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
          // The cluster suite (three servers, HAProxy, Redis, S3) runs in the PostgreSQL pass only, once
          // (docs/decisions/292-cluster-suite-in-the-postgresql-pass.md): run it with DATABASE_URL set.
          exclude: process.env.DATABASE_URL ? configDefaults.exclude : [...configDefaults.exclude, 'tests/integration/cluster.test.ts'],
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
