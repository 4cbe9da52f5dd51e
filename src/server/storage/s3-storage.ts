import type { StorageConfig } from '../env.ts';
import type { StorageDriver } from './storage.ts';

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/**
 * The AWS SDK and its client, loaded on the first file operation: a server on local disk never
 * loads them, and one on S3 starts without waiting for them (decision 304).
 */
function lazyClient(config: S3Config) {
  let loading: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); presigner: typeof import('@aws-sdk/s3-request-presigner'); client: import('@aws-sdk/client-s3').S3Client }> | undefined;
  return () =>
    (loading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([sdk, presigner]) => ({
      sdk,
      presigner,
      client: new sdk.S3Client({
        region: config.region,
        endpoint: config.endpoint,
        forcePathStyle: config.forcePathStyle,
        credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      }),
    })));
}

/** S3-compatible object storage (AWS, MinIO, R2…); downloads are presigned GETs. */
export function createS3Storage(config: S3Config): StorageDriver {
  const s3 = lazyClient(config);
  return {
    kind: 's3',
    async put(key, bytes, mediaType) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: mediaType }));
    },
    async get(key) {
      const { sdk, client } = await s3();
      try {
        const result = await client.send(new sdk.GetObjectCommand({ Bucket: config.bucket, Key: key }));
        if (!result.Body) return null;
        return { bytes: await result.Body.transformToByteArray(), mediaType: result.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async signedUrl(key, options) {
      const { sdk, presigner, client } = await s3();
      const command = new sdk.GetObjectCommand({
        Bucket: config.bucket,
        Key: key,
        ResponseContentType: options.mediaType,
        ResponseContentDisposition: `attachment; filename*=UTF-8''${encodeURIComponent(options.fileName)}`,
      });
      return presigner.getSignedUrl(client, command, { expiresIn: options.expiresInSeconds });
    },
  };
}
