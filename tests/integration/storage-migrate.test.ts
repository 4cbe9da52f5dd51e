import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/build-if-stale.ts';
import { parseEnv } from '../../src/server/env.ts';
import { createLocalStorage } from '../../src/server/storage/local-storage.ts';
import { createS3Storage } from '../../src/server/storage/s3-storage.ts';
import { type LoopbackS3, startLoopbackS3 } from '../../scripts/lib/loopback-s3.ts';

/** `npm run storage:migrate`: local uploads copied to S3, each read back and compared. */

let s3: LoopbackS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startLoopbackS3('rumbo-migrate');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-migrate-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the script without blocking this process, where the loopback bucket answers it. */
function migrate(env: Record<string, string>): Promise<{ status: number; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...env };
  delete childEnv.DATABASE_URL;
  return new Promise((resolve) => {
    execFile(process.execPath, ['scripts/storage-migrate.ts'], { cwd: ROOT, env: childEnv, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run storage:migrate', () => {
  it('copies every local upload to the bucket with its media type, and says so', async () => {
    const local = createLocalStorage(path.join(dataDir, 'uploads'), 'secret');
    const files = {
      'context/founder-a/entry-1/deck': { bytes: new Uint8Array([37, 80, 68, 70, 1, 2, 3]), mediaType: 'application/pdf' },
      'feedback/founder-b/idea-7/screenshot': { bytes: new Uint8Array(4096).fill(7), mediaType: 'image/png' },
      'chat/founder-a/conversation-3/notes': { bytes: new TextEncoder().encode('Por qué se van los clientes: precio'), mediaType: 'text/plain' },
    };
    for (const [key, file] of Object.entries(files)) await local.put(key, file.bytes, file.mediaType);

    const result = await migrate(s3.env);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Copying 3 files');
    expect(result.stdout).toContain('Done: 3 files copied and checked');
    expect(result.status).toBe(0);

    const bucket = createS3Storage(parseEnv({ ...s3.env, DATA_DIR: dataDir }).storage as Parameters<typeof createS3Storage>[0]);
    for (const [key, file] of Object.entries(files)) {
      const copy = await bucket.get(key);
      expect(copy?.mediaType).toBe(file.mediaType);
      expect(Buffer.from(copy!.bytes).equals(Buffer.from(file.bytes))).toBe(true);
    }
    // The local copies stay until the operator removes them.
    expect(await local.get('context/founder-a/entry-1/deck')).not.toBeNull();
  });

  it('without a bucket configured, says which settings to give and copies nothing', async () => {
    const result = await migrate({});
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Set S3_BUCKET');
  });
});
