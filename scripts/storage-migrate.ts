/**
 * `npm run storage:migrate`: copies every upload from the local disk (DATA_DIR/uploads) to
 * the S3-compatible bucket the S3_* settings name, with progress, then reads each object back
 * and compares its SHA-256 and media type. Run it before switching a deployment to S3 (and
 * again just before the switch for files uploaded meanwhile: copying is idempotent); local
 * files are left in place for you to delete once the instances run on S3 (docs/operations.md).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EnvError, parseEnv } from '../src/server/env.ts';
import { createLocalStorage } from '../src/server/storage/local-storage.ts';
import { createS3Storage } from '../src/server/storage/s3-storage.ts';

/** Keys of every stored file under the uploads folder (each file has a `.type` sidecar beside it). */
function localKeys(root: string, prefix = ''): string[] {
  const folder = path.join(root, prefix);
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const key = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return localKeys(root, key);
    return entry.name.endsWith('.type') ? [] : [key];
  });
}

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

try {
  const env = parseEnv(process.env);
  if (env.storage.kind !== 's3') {
    console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as your provider needs) to the bucket to copy the uploads into.');
    process.exit(1);
  }
  const root = path.join(env.dataDir, 'uploads');
  // Reading needs no signing secret: only signed links do.
  const local = createLocalStorage(root, '');
  const s3 = createS3Storage(env.storage);
  const keys = localKeys(root);
  console.log(`Copying ${keys.length} files from ${root} to s3://${env.storage.bucket}…`);
  let bytesCopied = 0;
  const failed: string[] = [];
  for (const [index, key] of keys.entries()) {
    const stored = await local.get(key);
    if (!stored) {
      failed.push(`${key}: no media type beside it (not an upload Rumbo wrote)`);
      continue;
    }
    await s3.put(key, stored.bytes, stored.mediaType);
    const copy = await s3.get(key);
    if (!copy || digest(copy.bytes) !== digest(stored.bytes) || copy.mediaType !== stored.mediaType) failed.push(`${key}: the copy read back differs`);
    bytesCopied += stored.bytes.byteLength;
    const done = index + 1;
    if (done === keys.length || done % 25 === 0) console.log(`  ${done}/${keys.length} files, ${(bytesCopied / 1024 / 1024).toFixed(1)} MB`);
  }
  if (failed.length > 0) {
    console.error(`${failed.length} of ${keys.length} files were not copied:\n${failed.map((line) => `  ${line}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`Done: ${keys.length} files copied and checked (SHA-256 and media type). The local files are still in ${root}.`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : `Copy failed: ${(error as Error).message}`);
  process.exit(1);
}
