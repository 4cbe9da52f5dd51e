import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The weekly e-mails' one-click unsubscribe link: the founder's id and an HMAC of it under
 * the app's secret, so the link works without signing in and nobody can make one for
 * another founder. It does not expire: an unsubscribe link in an old e-mail must still work.
 */
const PURPOSE = 'weekly-email-unsubscribe';

const signature = (secret: string, userId: string) => createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signature(secret, userId).toString('base64url')}`;
}

/** The founder the token names when its signature is ours; null for anything forged or altered. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [payload, given] = token.split('.');
  if (!payload || !given || token.split('.').length !== 2) return null;
  const userId = Buffer.from(payload, 'base64url').toString('utf8');
  // Base64url that does not round-trip was altered (or padded with bits that mean nothing).
  if (!userId || Buffer.from(userId).toString('base64url') !== payload) return null;
  const expected = signature(secret, userId);
  const received = Buffer.from(given, 'base64url');
  if (received.length !== expected.length || received.toString('base64url') !== given) return null;
  return timingSafeEqual(received, expected) ? userId : null;
}

export const unsubscribeUrl = (appUrl: string, secret: string, userId: string) =>
  `${appUrl}/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(secret, userId))}`;
