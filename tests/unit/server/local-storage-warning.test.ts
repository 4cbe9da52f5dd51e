import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../../src/server/env.ts';
import { localStorageWarning } from '../../../src/server/storage/storage-for.ts';

describe('the warning about local uploads with a shared database', () => {
  it('warns when several instances could share PostgreSQL while each keeps its own uploads', () => {
    const env = parseEnv({ DATABASE_URL: 'postgres://rumbo@db.internal:5432/rumbo' });
    expect(localStorageWarning(env)).toContain('npm run storage:migrate');
  });

  it('stays quiet on the embedded database (one process) and with S3', () => {
    expect(localStorageWarning(parseEnv({}))).toBeNull();
    expect(localStorageWarning(parseEnv({ DATABASE_URL: 'postgres://rumbo@db.internal:5432/rumbo', S3_BUCKET: 'rumbo-uploads' }))).toBeNull();
  });
});
