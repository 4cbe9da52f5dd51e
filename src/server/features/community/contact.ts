import { createCipheriv, createDecipheriv, createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';

/**
 * Contacts (decision 221): how a browser names another founder to start a direct message
 * without ever holding their id. The other founder's id sealed with AES-256-GCM under a key
 * derived from the app's secret, with the reader's id as associated data: it opens only for
 * the reader it was made for, a fresh nonce makes two contacts of one founder unlinkable,
 * and a public founder's contact cannot be matched with their pseudonym.
 */
const keys = new Map<string, KeyObject>();
/**
 * The key for a secret, derived once, as a KeyObject: a room message is sealed for every open
 * stream, and a raw Buffer key costs each cipher a fresh key import (decision 230).
 */
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createSecretKey(createHash('sha256').update(`community-contact:${secret}`).digest())));
  return key;
}

/** Nonces are drawn from the random source 1,024 at a time, each used once: one call per 1,024 seals. */
const NONCE_BYTES = 12;
let nonces = Buffer.alloc(0);
let nextNonce = 0;
function freshNonce(): Buffer {
  if (nextNonce === nonces.length) {
    nonces = randomBytes(NONCE_BYTES * 1024);
    nextNonce = 0;
  }
  return nonces.subarray(nextNonce, (nextNonce += NONCE_BYTES));
}

export function sealContact(secret: string, readerId: string, founderId: string): string {
  const iv = freshNonce();
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret), iv);
  cipher.setAAD(Buffer.from(readerId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(founderId, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The founder the contact names, or null when it was made for another reader, forged or altered. */
export function openContact(secret: string, readerId: string, contact: string): string | null {
  const [iv, tag, body, extra] = contact.split('.');
  if (!iv || !tag || !body || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(readerId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8') || null;
  } catch {
    return null;
  }
}
