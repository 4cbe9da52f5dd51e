import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SignedUrlOptions, StorageDriver } from './storage.ts';

/** A signed download ticket for the local driver: what, for whom, until when. */
export type LocalTicket = { key: string; ownerId: string; fileName: string; mediaType: string; expires: number };

const encode = (ticket: LocalTicket) => Buffer.from(JSON.stringify(ticket)).toString('base64url');

export function signTicket(secret: string, ticket: LocalTicket) {
  const payload = encode(ticket);
  const signature = createHmac('sha256', secret).update(payload).digest('base64url');
  return `${payload}.${signature}`;
}

/** The ticket when the signature is ours and it has not expired; null otherwise. */
export function verifyTicket(secret: string, token: string, now = Date.now()): LocalTicket | null {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return null;
  const expected = createHmac('sha256', secret).update(payload).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const ticket = JSON.parse(Buffer.from(payload, 'base64url').toString()) as LocalTicket;
    return ticket.expires > now ? ticket : null;
  } catch {
    return null;
  }
}

/** Keys are made by the app (`context/<user>/<entry>/<file>`); refuse anything that could leave the root. */
function resolveKey(root: string, key: string) {
  if (!/^[\w-]+(\/[\w-]+)*$/.test(key)) throw new Error(`invalid storage key: ${key}`);
  return path.join(root, ...key.split('/'));
}

/** Files on local disk under DATA_DIR/uploads; downloads through /api/files/<signed ticket>. */
export function createLocalStorage(root: string, secret: string): StorageDriver {
  return {
    kind: 'local',
    async put(key, bytes, mediaType) {
      const file = resolveKey(root, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      await writeFile(`${file}.type`, mediaType);
    },
    async get(key) {
      const file = resolveKey(root, key);
      try {
        const [bytes, mediaType] = await Promise.all([readFile(file), readFile(`${file}.type`, 'utf8')]);
        return { bytes: new Uint8Array(bytes), mediaType };
      } catch {
        return null;
      }
    },
    async delete(key) {
      const file = resolveKey(root, key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
    async signedUrl(key, options: SignedUrlOptions) {
      const ticket = { key, ownerId: options.ownerId, fileName: options.fileName, mediaType: options.mediaType, expires: Date.now() + options.expiresInSeconds * 1000 };
      return `/api/files/${signTicket(secret, ticket)}`;
    },
  };
}
