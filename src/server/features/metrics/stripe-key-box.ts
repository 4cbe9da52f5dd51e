import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Founders' Stripe keys at rest (decision 118): AES-256-GCM with STRIPE_KEY_ENCRYPTION_KEY,
 * a fresh nonce each time, and the founder's id as associated data, so a sealed key copied
 * onto another founder's row does not open. A database dump without the environment's key
 * holds nothing usable.
 */
const VERSION = 'v1';

export function sealKey(key: string, secret: Buffer, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const sealed = Buffer.concat([cipher.update(key, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The key, or null when it was sealed with another secret, for another founder, or tampered with. */
export function openKey(sealed: string, secret: Buffer, userId: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', secret, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
