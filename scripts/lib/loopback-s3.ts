import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The few members of s3rver this suite uses (the package ships no types). */
type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverConstructor = new (options: {
  address: string;
  port: number;
  silent: boolean;
  allowMismatchedSignatures: boolean;
  directory: string;
  configureBuckets: { name: string }[];
}) => S3rverServer;

/**
 * A real S3-compatible server (s3rver) on loopback, storing objects on disk, so the S3
 * storage driver and its presigned links run against a real socket (the storage tests, and
 * `npm run cluster` when no `S3_BUCKET` is given). Its fixed credentials
 * are S3RVER / S3RVER; it still refuses unknown keys and expired links. Signature checks are
 * relaxed because s3rver canonicalises query values with encodeURIComponent, which leaves
 * the `'` and `*` of `filename*=UTF-8''…` unescaped where S3 (and the AWS SDK) escape them.
 */
export type LoopbackS3 = { endpoint: string; bucket: string; env: Record<string, string>; close: () => Promise<void> };

export async function startLoopbackS3(bucket = 'rumbo-test'): Promise<LoopbackS3> {
  const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverConstructor;
  const directory = mkdtempSync(path.join(os.tmpdir(), 'rumbo-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, allowMismatchedSignatures: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
