import path from 'node:path';
import type { Env } from '../env.ts';
import type { AppDeps } from '../http/context.ts';
import { createLocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { StorageDriver } from './storage.ts';

const drivers = new WeakMap<Env, StorageDriver>();

/** The secret that signs local download tickets: the app's own auth secret. */
export const signingSecret = (deps: Pick<AppDeps, 'auth'>) => deps.auth.options.secret ?? '';

/** The storage driver for this app's settings, made once. */
export function storageFor(deps: Pick<AppDeps, 'env' | 'auth'>): StorageDriver {
  let driver = drivers.get(deps.env);
  if (!driver) {
    driver =
      deps.env.storage.kind === 's3'
        ? createS3Storage(deps.env.storage)
        : createLocalStorage(path.join(deps.env.dataDir, 'uploads'), signingSecret(deps));
    drivers.set(deps.env, driver);
  }
  return driver;
}

/**
 * Local uploads with a shared PostgreSQL: fine for one instance, wrong for several (a file
 * uploaded through one answers 404 through the others). The server cannot know how many
 * instances share the database, so it warns at start instead of refusing (decision 239).
 */
export function localStorageWarning(env: Pick<Env, 'databaseUrl' | 'storage'>): string | null {
  if (!env.databaseUrl || env.storage.kind !== 'local') return null;
  return 'Uploads are on this instance\'s local disk while the database is shared PostgreSQL: with more than one instance, a file uploaded through one is missing on the others. Set S3_BUCKET (and copy existing uploads with npm run storage:migrate) before adding instances.';
}
