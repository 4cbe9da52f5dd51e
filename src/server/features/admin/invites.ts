import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { INVITE_DAYS, InviteInput } from '../../../core/admin/admin-operations.ts';
import { receivesEmail } from '../../../core/account/account-status.ts';
import type { Language } from '../../../core/i18n/language.ts';
import type { z } from 'zod';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { authUsers, invites, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../http/context.ts';
import { adminEmail } from '../../mail/admin-emails.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { assertUuid } from '../../platform/ids.ts';
import { assignRole } from '../../platform/roles.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type InviteRow = typeof invites.$inferSelect;

/** An invitation as the admin area lists it. */
function toInvite(row: InviteRow) {
  return { id: row.id, email: row.email, role: row.role, language: row.language as Language, sentAt: row.sentAt.toISOString(), expiresAt: row.expiresAt.toISOString() };
}
/** POST /api/admin/invites, one row of GET /api/admin/invites. */
export type Invite = ReturnType<typeof toInvite>;
export type Invites = { invites: Invite[] };

const pending = (now: Date) => and(isNull(invites.acceptedAt), isNull(invites.revokedAt), gt(invites.expiresAt, now));

/**
 * Sends the invitation e-mail (decision 272). The link opens sign-up with the address filled
 * in; an address that has an account gets a sign-in link instead, and a suspended or deleted
 * one nothing. The caller answers the same in every case (no enumeration).
 */
async function sendInvite(deps: Pick<AppDeps, 'db' | 'env' | 'mailer'>, row: InviteRow): Promise<void> {
  const language = row.language as Language;
  const [account] = await deps.db.select({ status: users.status }).from(authUsers).leftJoin(users, eq(users.id, authUsers.id)).where(eq(authUsers.email, row.email)).limit(1);
  if (account && !receivesEmail(account.status)) return;
  const params = new URLSearchParams({ mode: account ? 'sign-in' : 'sign-up', email: row.email });
  const link = `${deps.env.appUrl}/auth?${params.toString()}`;
  await deps.mailer.send(await adminEmail(account ? 'invite-existing' : 'invite', { to: row.email, link, language, role: row.role }));
}

/**
 * Invites an address (decision 272): a pending invitation to the same address is renewed
 * (role, language, 14 days from now) rather than doubled. Audited.
 */
export async function createInvite(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer'>,
  request: { adminId: string; input: z.output<typeof InviteInput>; fallbackLanguage: Language; context: RequestContext },
  now = new Date(),
): Promise<Invite> {
  const { db } = deps;
  const email = request.input.email.toLowerCase();
  const values = { role: request.input.role, language: request.input.language ?? request.fallbackLanguage, invitedBy: request.adminId, sentAt: now, expiresAt: new Date(now.getTime() + INVITE_DAYS * DAY_MS) };
  const row = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: invites.id }).from(invites).where(and(eq(invites.email, email), pending(now))).limit(1).for('update');
    const [saved] = existing
      ? await tx.update(invites).set(values).where(eq(invites.id, existing.id)).returning()
      : await tx.insert(invites).values({ ...values, email, createdAt: now }).returning();
    return saved!;
  });
  await sendInvite(deps, row);
  await recordAuditEvent(db, { action: 'invite_sent', adminId: request.adminId, context: request.context, details: { inviteId: row.id, email, role: row.role, language: row.language } }, now);
  return toInvite(row);
}

export async function listInvites(db: Database, now = new Date()): Promise<Invites> {
  const rows = await db.select().from(invites).where(pending(now)).orderBy(desc(invites.sentAt), desc(invites.id));
  return { invites: rows.map(toInvite) };
}

async function pendingInvite(db: Database, id: string, now: Date) {
  assertUuid(id);
  const [row] = await db.select().from(invites).where(and(eq(invites.id, id), pending(now))).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Sends a pending invitation again, and gives it 14 days from now. Audited. */
export async function resendInvite(deps: Pick<AppDeps, 'db' | 'env' | 'mailer'>, request: { adminId: string; id: string; context: RequestContext }, now = new Date()): Promise<Invite> {
  await pendingInvite(deps.db, request.id, now);
  const [row] = await deps.db.update(invites).set({ sentAt: now, expiresAt: new Date(now.getTime() + INVITE_DAYS * DAY_MS) }).where(eq(invites.id, request.id)).returning();
  await sendInvite(deps, row!);
  await recordAuditEvent(deps.db, { action: 'invite_resent', adminId: request.adminId, context: request.context, details: { inviteId: row!.id, email: row!.email } }, now);
  return toInvite(row!);
}

/** Revokes a pending invitation: its link still opens sign-up (anyone may sign up), but no role comes with it. Audited. */
export async function revokeInvite(db: Database, request: { adminId: string; id: string; context: RequestContext }, now = new Date()): Promise<void> {
  const row = await pendingInvite(db, request.id, now);
  await db.update(invites).set({ revokedAt: now }).where(eq(invites.id, row.id));
  await recordAuditEvent(db, { action: 'invite_revoked', adminId: request.adminId, context: request.context, details: { inviteId: row.id, email: row.email } }, now);
}

/**
 * An account's address is confirmed: its pending invitations are accepted, and an admin
 * invitation grants the role now (never before: signing up with an address proves nothing).
 * Only invitations sent before the account existed count: an invitation to an existing
 * account makes nobody an admin (the role control does that, audited).
 */
export async function acceptInvites(db: Database, bus: SessionEventBus | undefined, user: { id: string; email: string; createdAt?: Date }, now = new Date()): Promise<void> {
  const email = user.email.toLowerCase();
  const rows = await db.select().from(invites).where(and(eq(invites.email, email), pending(now)));
  const accepted = rows.filter((row) => !user.createdAt || row.createdAt.getTime() <= user.createdAt.getTime());
  if (accepted.length === 0) return;
  for (const row of accepted) await db.update(invites).set({ acceptedAt: now, acceptedBy: user.id }).where(and(eq(invites.id, row.id), isNull(invites.acceptedAt)));
  const admin = accepted.find((row) => row.role === 'admin');
  if (admin) await assignRole(db, bus, { userId: user.id, role: 'admin', assignedBy: admin.invitedBy, via: 'invite' });
}
