import { and, eq, inArray, like } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { authVerifications, trustedDevices } from '../db/schema/index.ts';
import type { Auth } from './auth.ts';

/**
 * "Trust this browser" at the two-step check (decision 102). The trust is Better Auth's:
 * a signed cookie naming a verification row `trust-device-…` whose value is the user id,
 * renewed under a new identifier at each sign-in. Around it Rumbo keeps which browser it
 * is (trusted_devices), lists the trusted browsers on the security page, and ends the
 * trust on sign-out (that browser), on a password change or reset (every browser), and
 * when the founder forgets one.
 */
const IDENTIFIER_PREFIX = 'trust-device-';
const IDENTIFIER_IN_COOKIE = /!(trust-device-[A-Za-z0-9_-]+)\./;

export type TrustCookie = { name: string; secure: boolean };

/** The trust cookie's name as Better Auth writes it (prefix, and `__Secure-` on https). */
export async function trustCookieOf(auth: Auth): Promise<TrustCookie> {
  const cookie = (await auth.$context).createAuthCookie('trust_device');
  return { name: cookie.name, secure: Boolean(cookie.attributes.secure) };
}

/** The trust identifier a cookie value (`token!identifier.signature`, URL-encoded) names. */
function identifierOf(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let value = raw;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  return IDENTIFIER_IN_COOKIE.exec(value)?.[1];
}

/** The identifier in the request's trust cookie, if it sent one. */
export function trustSentWith(request: Request, cookie: TrustCookie): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === cookie.name) return identifierOf(part.slice(index + 1).trim());
  }
  return undefined;
}

/** The identifier of the trust cookie an answer sets (a new trust, or a renewal), if any. */
export function trustSetBy(response: Response, cookie: TrustCookie): string | undefined {
  for (const header of response.headers.getSetCookie()) {
    if (header.startsWith(`${cookie.name}=`)) return identifierOf(header.slice(cookie.name.length + 1).split(';')[0]);
  }
  return undefined;
}

/** The answer, with the trust cookie cleared in the browser. */
export function withTrustCookieCleared(response: Response, cookie: TrustCookie): Response {
  const cleared = new Response(response.body, response);
  cleared.headers.append('Set-Cookie', `${cookie.name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${cookie.secure ? '; Secure' : ''}`);
  return cleared;
}

/**
 * Records the browser behind a trust Better Auth just set. A renewal (`previous`: the
 * identifier the request came with) keeps the date the founder first trusted it.
 */
export async function rememberTrustedDevice(db: Database, input: { identifier: string; previous: string | undefined; userAgent: string | null }) {
  const [trust] = await db.select({ userId: authVerifications.value }).from(authVerifications).where(eq(authVerifications.identifier, input.identifier)).limit(1);
  if (!trust) return;
  const [before] = input.previous
    ? await db.select().from(trustedDevices).where(and(eq(trustedDevices.identifier, input.previous), eq(trustedDevices.userId, trust.userId)))
    : [];
  await db.transaction(async (tx) => {
    if (before) await tx.delete(trustedDevices).where(eq(trustedDevices.identifier, before.identifier));
    await tx
      .insert(trustedDevices)
      .values({ identifier: input.identifier, userId: trust.userId, userAgent: input.userAgent, trustedAt: before?.trustedAt ?? new Date() })
      .onConflictDoNothing();
  });
}

/** Ends the trust of one browser of this founder (sign-out, or "forget"). */
export async function forgetTrustedDevice(db: Database, userId: string, identifier: string) {
  await db.transaction(async (tx) => {
    await tx.delete(authVerifications).where(and(eq(authVerifications.identifier, identifier), eq(authVerifications.value, userId)));
    await tx.delete(trustedDevices).where(and(eq(trustedDevices.identifier, identifier), eq(trustedDevices.userId, userId)));
  });
}

/** Ends the trust of every browser of this founder (a new password). */
export async function forgetAllTrustedDevices(db: Database, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(authVerifications).where(and(like(authVerifications.identifier, `${IDENTIFIER_PREFIX}%`), eq(authVerifications.value, userId)));
    await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
  });
}

export type TrustedDevice = { id: string; userAgent: string | null; trustedAt: string; expiresAt: string; current: boolean };

/** The founder's trusted browsers still in force, newest first; `id` is the public handle "forget" takes. */
export async function listTrustedDevices(db: Database, userId: string, currentIdentifier: string | undefined): Promise<TrustedDevice[]> {
  const trusts = await db
    .select({ id: authVerifications.id, identifier: authVerifications.identifier, createdAt: authVerifications.createdAt, expiresAt: authVerifications.expiresAt })
    .from(authVerifications)
    .where(and(like(authVerifications.identifier, `${IDENTIFIER_PREFIX}%`), eq(authVerifications.value, userId)));
  const live = trusts.filter((trust) => trust.expiresAt.getTime() > Date.now());
  if (live.length === 0) return [];
  const labels = await db
    .select()
    .from(trustedDevices)
    .where(inArray(trustedDevices.identifier, live.map((trust) => trust.identifier)));
  const byIdentifier = new Map(labels.map((label) => [label.identifier, label]));
  return live
    .map((trust) => {
      const label = byIdentifier.get(trust.identifier);
      return {
        id: trust.id,
        userAgent: label?.userAgent ?? null,
        trustedAt: (label?.trustedAt ?? trust.createdAt).toISOString(),
        expiresAt: trust.expiresAt.toISOString(),
        current: trust.identifier === currentIdentifier,
      };
    })
    .sort((a, b) => b.trustedAt.localeCompare(a.trustedAt));
}

/** "Forget" by public id: false when the founder has no such trusted browser. */
export async function forgetTrustedDeviceById(db: Database, userId: string, id: string): Promise<boolean> {
  const [trust] = await db
    .select({ identifier: authVerifications.identifier })
    .from(authVerifications)
    .where(and(eq(authVerifications.id, id), eq(authVerifications.value, userId), like(authVerifications.identifier, `${IDENTIFIER_PREFIX}%`)))
    .limit(1);
  if (!trust) return false;
  await forgetTrustedDevice(db, userId, trust.identifier);
  return true;
}
