/**
 * Where uploaded files live. The app only talks to this interface: local disk under
 * DATA_DIR by default, S3-compatible object storage when S3_* is set. Downloads go through
 * short-lived signed URLs that the app hands only to the file's owner.
 */
export type StoredObject = { bytes: Uint8Array; mediaType: string };

export type SignedUrlOptions = { fileName: string; mediaType: string; expiresInSeconds: number; ownerId: string };

export type StorageDriver = {
  kind: 'local' | 's3';
  put: (key: string, bytes: Uint8Array, mediaType: string) => Promise<void>;
  get: (key: string) => Promise<StoredObject | null>;
  delete: (key: string) => Promise<void>;
  signedUrl: (key: string, options: SignedUrlOptions) => Promise<string>;
};

/** Download links live one minute: long enough to click, too short to share. */
export const SIGNED_URL_SECONDS = 60;
