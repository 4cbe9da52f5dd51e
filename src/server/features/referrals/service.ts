import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import {
  MAX_OPEN_REFERRAL_CODES,
  MAX_REFERRAL_REWARDS_PER_YEAR,
  normaliseReferralCode,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_REWARD_MONTHS,
  type ReferralStatus,
} from '../../../core/referrals/referral-schema.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database, Executor } from '../../db/client.ts';
import { referralCodes, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent } from '../../platform/audit.ts';
import { grantMonthsIn } from '../subscription/index.ts';
import { ensureMembers, memberView, memberViewColumns } from '../community/index.ts';
import { awardPoints } from '../gamification/index.ts';
import { emailNotices, type NoticeMailDeps, oweNotices } from './notices.ts';

/**
 * Referrals (docs/referrals.md). Every state change is one conditional UPDATE
 * (`where status = …`), so two requests racing for one code or one reward find one winner:
 * the database decides, not a read followed by a write.
 */

/**
 * Who used a code, as their community visibility allows (docs/community.md): their name when
 * they are public, their pseudonym when anonymous, nothing identifying when hidden (or
 * suspended, or gone).
 */
export type ReferredFounder = { kind: 'public'; name: string } | { kind: 'anonymous'; pseudonym: number } | { kind: 'hidden' };

/** One of the founder's codes as GET /api/referrals lists it. */
export type ReferralCodeView = {
  code: string;
  status: ReferralStatus;
  createdAt: string;
  usedAt: string | null;
  rewardedAt: string | null;
  /** Null while the code is available. */
  referred: ReferredFounder | null;
};

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function newCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

function view(row: typeof referralCodes.$inferSelect, referred: ReferredFounder | null = null): ReferralCodeView {
  return {
    code: row.code,
    status: row.status as ReferralStatus,
    createdAt: row.createdAt.toISOString(),
    usedAt: row.usedAt?.toISOString() ?? null,
    rewardedAt: row.rewardedAt?.toISOString() ?? null,
    referred,
  };
}

/** For "who it was": the trial length decides whether a founder counts as Premium (public needs it). */
export type TierContext = { trialDays: number; now?: Date };

const referredColumns = { id: users.id, status: users.status, ...memberViewColumns };

/**
 * The codes with who used each, as that founder's community visibility allows, read now: a
 * change of visibility shows at once. Hidden, suspended or deleted founders show as nobody in
 * particular; a founder whose account is gone leaves the code without anyone.
 */
async function withReferred(db: Executor, rows: (typeof referralCodes.$inferSelect)[], tier: TierContext): Promise<ReferralCodeView[]> {
  const ids = rows.flatMap((row) => (row.referredUserId ? [row.referredUserId] : []));
  if (ids.length === 0) return rows.map((row) => view(row));
  const [founders, members] = await Promise.all([db.select(referredColumns).from(users).where(inArray(users.id, ids)), ensureMembers(db, ids)]);
  const byId = new Map(founders.map((founder) => [founder.id, founder]));
  return rows.map((row) => {
    const founder = row.referredUserId ? byId.get(row.referredUserId) : undefined;
    const member = founder ? members.get(founder.id) : undefined;
    if (!founder || !member) return view(row);
    if (founder.status !== 'active' || member.visibility === 'hidden') return view(row, { kind: 'hidden' });
    const shown = memberView(founder, member, tier);
    return view(row, shown.kind === 'public' ? { kind: 'public', name: shown.name } : { kind: 'anonymous', pseudonym: shown.pseudonym });
  });
}

/** The founder's codes, newest first. */
export async function listCodes(db: Executor, ownerId: string, tier: TierContext): Promise<ReferralCodeView[]> {
  const rows = await db.select().from(referralCodes).where(eq(referralCodes.ownerId, ownerId)).orderBy(desc(referralCodes.createdAt), desc(referralCodes.id));
  return withReferred(db, rows, tier);
}

/** One of the founder's codes; another founder's, or none, is 404. */
export async function getCode(db: Executor, ownerId: string, ref: unknown, tier: TierContext): Promise<ReferralCodeView> {
  const code = normaliseReferralCode(ref);
  const [row] = code ? await db.select().from(referralCodes).where(and(eq(referralCodes.code, code), eq(referralCodes.ownerId, ownerId))).limit(1) : [];
  if (!row) throw new AppError('NOT_FOUND');
  const [withWho] = await withReferred(db, [row], tier);
  return withWho as ReferralCodeView;
}

/**
 * A new code and its 5 points, in one transaction. The founder's row is locked first, so two
 * clicks at once cannot both pass the limit of open codes.
 */
export async function createCode(db: Database, ownerId: string, at = new Date()): Promise<ReferralCodeView> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
    if (!owner) throw new AppError('NOT_FOUND');
    const [open] = await tx
      .select({ n: count() })
      .from(referralCodes)
      .where(and(eq(referralCodes.ownerId, ownerId), eq(referralCodes.status, 'available')));
    if ((open?.n ?? 0) >= MAX_OPEN_REFERRAL_CODES) throw new AppError('REFERRAL_CODE_LIMIT');
    // 31⁸ codes: a collision is rare; the unique index catches it and another is drawn.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [row] = await tx.insert(referralCodes).values({ code: newCode(), ownerId, createdAt: at }).onConflictDoNothing().returning();
      if (!row) continue;
      await awardPoints(tx, { userId: ownerId, event: 'referral-code-created', sourceId: row.id, at });
      return view(row);
    }
    throw new Error('could not draw a free referral code');
  });
}

/** GET /api/referrals/invites/:code: the inviter's first name. */
export type Inviter = { inviterName: string };

/** Who invites, for the auth page: the inviter's first name when the code can still be used, else null (no hint about other codes). */
export async function inviterOf(db: Executor, ref: unknown): Promise<Inviter | null> {
  const code = normaliseReferralCode(ref);
  if (!code) return null;
  const [row] = await db
    .select({ name: users.fullName, nickname: users.nickname, status: users.status })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.ownerId))
    .where(and(eq(referralCodes.code, code), eq(referralCodes.status, 'available')))
    .limit(1);
  if (!row || row.status !== 'active') return null;
  const name = (row.nickname || row.name || '').trim().split(/\s+/)[0];
  return name ? { inviterName: name } : null;
}

export type AttachOutcome = 'attached' | 'no-code' | 'unknown' | 'used' | 'own' | 'known-address';

/**
 * At account creation: the new founder's `ref` code, when it is available, not their own and
 * their address never had another account, becomes pending with them as the referred founder.
 * Anything else signs them up without it (never an error: the sign-up goes on).
 */
export async function attachCode(db: Database, newUser: { id: string; email: string }, ref: unknown, at = new Date()): Promise<AttachOutcome> {
  const code = normaliseReferralCode(ref);
  if (!code) return 'no-code';
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(referralCodes).where(eq(referralCodes.code, code)).limit(1);
    if (!row) return 'unknown';
    if (row.ownerId === newUser.id) return 'own';
    const [known] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${newUser.email})`, ne(users.id, newUser.id)))
      .limit(1);
    if (known) return 'known-address';
    const claimed = await tx
      .update(referralCodes)
      .set({ status: 'pending', referredUserId: newUser.id, usedAt: at })
      .where(and(eq(referralCodes.id, row.id), eq(referralCodes.status, 'available')))
      .returning({ id: referralCodes.id });
    if (claimed.length === 0) return 'used';
    await recordAuditEvent(
      tx as unknown as Database,
      { action: 'referral_code_used', adminId: newUser.id, targetUserId: row.ownerId, details: { codeId: row.id } },
      at,
    );
    return 'attached';
  });
}

export type RewardDeps = NoticeMailDeps & { bus: SessionEventBus };

/**
 * When the referred founder completes onboarding: their pending code becomes rewarded and both
 * founders get a month of Premium through the subscription state machine, in one transaction,
 * audited. Exactly once: a second submission finds no pending code. The inviter already
 * rewarded 12 times in the last 365 days gets no month (decision 211); the invited founder does.
 * Each founder rewarded gets an in-app notice and, once the transaction committed, an e-mail
 * in their language (decision 195), sent after the answer: the founder's "Finish" never waits
 * on the mail server, and a notice whose e-mail never started is sent by the owed-notices job.
 */
export async function rewardReferral(deps: RewardDeps, referredUserId: string, at = new Date()): Promise<{ rewarded: boolean; ownerRewarded: boolean }> {
  const result = await deps.db.transaction(async (tx) => {
    const [code] = await tx
      .update(referralCodes)
      .set({ status: 'rewarded', rewardedAt: at })
      .where(and(eq(referralCodes.referredUserId, referredUserId), eq(referralCodes.status, 'pending')))
      .returning();
    if (!code) return null;
    const [owner] = await tx.select({ status: users.status }).from(users).where(eq(users.id, code.ownerId)).for('update');
    const [recent] = await tx
      .select({ n: count() })
      .from(referralCodes)
      .where(
        and(
          eq(referralCodes.ownerId, code.ownerId),
          eq(referralCodes.status, 'rewarded'),
          ne(referralCodes.id, code.id),
          gt(referralCodes.rewardedAt, new Date(at.getTime() - YEAR_MS)),
        ),
      );
    const ownerRewarded = owner?.status === 'active' && (recent?.n ?? 0) < MAX_REFERRAL_REWARDS_PER_YEAR;
    await grantMonthsIn(tx, referredUserId, REFERRAL_REWARD_MONTHS, at);
    if (ownerRewarded) await grantMonthsIn(tx, code.ownerId, REFERRAL_REWARD_MONTHS, at);
    await recordAuditEvent(
      tx as unknown as Database,
      {
        action: 'referral_rewarded',
        adminId: null,
        targetUserId: code.ownerId,
        details: { codeId: code.id, referredUserId, months: REFERRAL_REWARD_MONTHS, ownerRewarded },
      },
      at,
    );
    const noticeIds = await oweNotices(
      tx,
      code.id,
      [{ userId: referredUserId, role: 'invited' }, ...(ownerRewarded ? [{ userId: code.ownerId, role: 'inviter' as const }] : [])],
      at,
    );
    return { ownerId: code.ownerId, ownerRewarded, noticeIds };
  });
  if (!result) return { rewarded: false, ownerRewarded: false };
  void emailNotices(deps, result.noticeIds, at).catch((error: unknown) => deps.logger?.error({ err: error }, 'referral reward e-mails failed'));
  await deps.bus.publish({ type: 'user-invalidated', userId: referredUserId });
  if (result.ownerRewarded) await deps.bus.publish({ type: 'user-invalidated', userId: result.ownerId });
  return { rewarded: true, ownerRewarded: result.ownerRewarded };
}

/** For the admin user page: who referred this founder (their address) and how many founders they referred. */
export async function referralLinks(db: Executor, userId: string): Promise<{ referredBy: string | null; referredCount: number }> {
  const [by] = await db
    .select({ email: users.email })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.ownerId))
    .where(eq(referralCodes.referredUserId, userId))
    .limit(1);
  const [referred] = await db
    .select({ n: count() })
    .from(referralCodes)
    .where(and(eq(referralCodes.ownerId, userId), ne(referralCodes.status, 'available')));
  return { referredBy: by?.email ?? null, referredCount: referred?.n ?? 0 };
}
