import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { SIGN_IN_LINK_MINUTES } from '../../../core/admin/admin-operations.ts';
import { ADMIN_SIGN_IN_NOTICE_PARAM } from '../../../core/admin/sign-in-notice.ts';
import { isLanguage } from '../../../core/i18n/language.ts';
import type { Database } from '../../db/client.ts';
import { adminSignInLinks, authUsers, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings, AppDeps } from '../../http/context.ts';
import { adminEmail } from '../../mail/admin-emails.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';

/** POST /api/admin/users/:id/sign-in-link: the link to pass on, and when it stops working. */
export type SignInLinkMade = { url: string; expiresAt: string; emailed: boolean };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A one-time sign-in link for a founder (decision 271): 15 minutes, once, for an active
 * account; only the token's hash is kept. Audited; e-mailed to the founder, in their
 * language, when the admin asks.
 */
export async function makeSignInLink(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer'>,
  request: { adminId: string; userId: string; sendEmail: boolean; context: RequestContext },
  now = new Date(),
): Promise<SignInLinkMade> {
  const { db, env } = deps;
  const [account] = await db
    .select({ email: authUsers.email, status: users.status, language: users.preferredLanguage })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(users.id, request.userId))
    .limit(1);
  if (!account) throw new AppError('NOT_FOUND');
  if (account.status !== 'active') throw new AppError('FORBIDDEN', { message: 'Only an active account can be signed in.' });
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60 * 1000);
  const [link] = await db
    .insert(adminSignInLinks)
    .values({ tokenHash: hashToken(token), userId: request.userId, createdBy: request.adminId, expiresAt, createdAt: now })
    .returning({ id: adminSignInLinks.id });
  const url = `${env.appUrl}/api/sign-in-links/${token}`;
  const emailed = request.sendEmail
    ? await deps.mailer.send(await adminEmail('admin-sign-in-link', { to: account.email, link: url, language: isLanguage(account.language) ? account.language : 'en' }))
    : false;
  await recordAuditEvent(
    db,
    { action: 'sign_in_link_created', adminId: request.adminId, targetUserId: request.userId, context: request.context, details: { linkId: link!.id, expiresAt: expiresAt.toISOString(), emailed } },
    now,
  );
  return { url, expiresAt: expiresAt.toISOString(), emailed };
}

type Opened = { status: 'opened'; userId: string } | { status: 'refused'; error: 'INVALID_TOKEN' | 'EXPIRED_TOKEN' | 'ACCOUNT_SUSPENDED' | 'ACCOUNT_DELETED' };

/**
 * Claims the link: the one request whose update finds it unused and unexpired wins (two
 * clicks at once sign in once). A used, expired, unknown or inactive account's link changes nothing.
 */
async function claimLink(db: Database, token: string, now: Date): Promise<Opened> {
  const tokenHash = hashToken(token);
  const [link] = await db
    .select({ id: adminSignInLinks.id, userId: adminSignInLinks.userId, usedAt: adminSignInLinks.usedAt, expiresAt: adminSignInLinks.expiresAt, status: users.status })
    .from(adminSignInLinks)
    .innerJoin(users, eq(users.id, adminSignInLinks.userId))
    .where(eq(adminSignInLinks.tokenHash, tokenHash))
    .limit(1);
  if (!link || link.usedAt) return { status: 'refused', error: 'INVALID_TOKEN' };
  if (link.expiresAt.getTime() <= now.getTime()) return { status: 'refused', error: 'EXPIRED_TOKEN' };
  if (link.status === 'suspended') return { status: 'refused', error: 'ACCOUNT_SUSPENDED' };
  if (link.status !== 'active') return { status: 'refused', error: 'ACCOUNT_DELETED' };
  const claimed = await db
    .update(adminSignInLinks)
    .set({ usedAt: now })
    .where(and(eq(adminSignInLinks.id, link.id), isNull(adminSignInLinks.usedAt), gt(adminSignInLinks.expiresAt, now)))
    .returning({ id: adminSignInLinks.id });
  return claimed.length === 1 ? { status: 'opened', userId: link.userId } : { status: 'refused', error: 'INVALID_TOKEN' };
}

/**
 * GET /api/sign-in-links/:token: signs the founder in (a session of their own, as any
 * sign-in makes) and lands on the overview, whose notice says an admin's link was used;
 * a refused link lands on the sign-in callback page, which explains.
 */
export async function openSignInLink(c: Context<AppBindings>, token: string, context: RequestContext) {
  const { db, auth, sessions } = c.get('deps');
  const now = new Date(sessions.now());
  const opened = token.length > 200 ? ({ status: 'refused', error: 'INVALID_TOKEN' } as const) : await claimLink(db, token, now);
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  if (opened.status === 'refused') return c.redirect(`/auth/callback?error=${opened.error}`, 302);
  const { headers } = await auth.api.openSignInLink({ headers: c.req.raw.headers, body: { userId: opened.userId }, returnHeaders: true });
  await recordAuditEvent(db, { action: 'sign_in_link_used', adminId: null, targetUserId: opened.userId, context }, now);
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
  return c.redirect(`/overview?${ADMIN_SIGN_IN_NOTICE_PARAM}=1`, 302);
}
