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
