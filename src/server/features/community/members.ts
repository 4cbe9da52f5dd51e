import { randomInt } from 'node:crypto';
import { inArray, eq, sql } from 'drizzle-orm';
import { type CommunityMember, DEFAULT_VISIBILITY, effectiveVisibility, type Visibility } from '../../../core/community/community.ts';
import { PREMIUM_TIER, tierStatus } from '../../../core/subscription/trial.ts';
import type { Database, Executor } from '../../db/client.ts';
import { communityMembers, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { sealContact } from './contact.ts';

/**
 * Who is in the community and how others see them, read here only (decision 296): each
 * founder's membership (visibility, pseudonym, direct messages), how they are shown, who may
 * be listed, which chat messages a reader may see, and who may read or write in the chat.
 * The community's lists, the chat and its streams all ask this module.
 */

/** GET /api/community/me */
export type CommunitySettings = {
  visibility: Visibility;
  /** What others see now (public falls back to anonymous without tier 2). */
  shownAs: Visibility;
  pseudonym: number;
  premium: boolean;
  /** Whether other founders may start a direct message with them (decision 220). */
  allowDirectMessages: boolean;
};

export type TierContext = {
  trialDays: number;
  now?: Date;
  /** The app's secret, which seals the contacts lists give for direct messages (decision 221). */
  contactSecret?: string;
};

/** A contact for `founderId` that only `readerId` can use; none for oneself (or without a secret). */
export function contactFor(tier: TierContext, readerId: string, founderId: string) {
  return founderId === readerId || !tier.contactSecret ? null : sealContact(tier.contactSecret, readerId, founderId);
}

/** Pseudonyms are drawn at random (never from the id), unique, 4 to 6 digits. */
const PSEUDONYM_MIN = 1000;
const PSEUDONYM_MAX = 1_000_000;
const PSEUDONYM_ATTEMPTS = 8;

type Member = { visibility: Visibility; pseudonym: number; allowDirectMessages: boolean };

/**
 * Each founder's visibility and pseudonym, drawing a pseudonym for those who have none yet.
 * A drawn number already taken is skipped by the unique index and drawn again.
 */
export async function ensureMembers(db: Executor, userIds: readonly string[]): Promise<Map<string, Member>> {
  const wanted = [...new Set(userIds)];
  const found = new Map<string, Member>();
  for (let attempt = 0; attempt <= PSEUDONYM_ATTEMPTS && wanted.length > found.size; attempt++) {
    const rows = await db
      .select({
        userId: communityMembers.userId,
        visibility: communityMembers.visibility,
        pseudonym: communityMembers.pseudonym,
        allowDirectMessages: communityMembers.allowDirectMessages,
      })
      .from(communityMembers)
      .where(inArray(communityMembers.userId, wanted));
    for (const { userId, ...member } of rows) found.set(userId, member);
    const missing = wanted.filter((id) => !found.has(id));
    if (missing.length === 0 || attempt === PSEUDONYM_ATTEMPTS) break;
    await db
      .insert(communityMembers)
      .values(missing.map((userId) => ({ userId, visibility: DEFAULT_VISIBILITY, pseudonym: randomInt(PSEUDONYM_MIN, PSEUDONYM_MAX) })))
      .onConflictDoNothing();
  }
  if (found.size < wanted.length) throw new AppError('INTERNAL');
  return found;
}

type ProfileFields = {
  fullName: string | null;
  lastName: string | null;
  nickname: string | null;
  startupName: string | null;
  userTier: number;
  createdAt: Date;
  trialEligible: boolean;
};

export function isPremium(row: { userTier: number; createdAt: Date; trialEligible: boolean }, tier: TierContext) {
  return tierStatus(row, tier.trialDays, tier.now ?? new Date()).effectiveUserTier >= PREMIUM_TIER;
}

/** How `row` is shown to others: public (name and startup) only with tier 2 and a name to show. */
export function memberView(row: ProfileFields, member: Member, tier: TierContext): CommunityMember {
  const shown = effectiveVisibility(member.visibility, isPremium(row, tier));
  const name = [row.fullName, row.lastName].filter(Boolean).join(' ').trim() || row.nickname?.trim() || '';
  if (shown === 'public' && name) return { kind: 'public', name, startupName: row.startupName };
  return { kind: 'anonymous', pseudonym: member.pseudonym };
}

/** The user columns `memberView` reads: select them to show a founder as the community does. */
export const memberViewColumns = {
  fullName: users.fullName,
  lastName: users.lastName,
  nickname: users.nickname,
  startupName: users.startupName,
  userTier: users.userTier,
  createdAt: users.createdAt,
  trialEligible: users.trialEligible,
};

export async function ownProfile(db: Database, userId: string) {
  const [row] = await db.select({ ...memberViewColumns, phase: users.startupPhase }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function getSettings(db: Database, userId: string, tier: TierContext): Promise<CommunitySettings> {
  const [profile, members] = await Promise.all([ownProfile(db, userId), ensureMembers(db, [userId])]);
  const member = members.get(userId) as Member;
  const premium = isPremium(profile, tier);
  return {
    visibility: member.visibility,
    shownAs: effectiveVisibility(member.visibility, premium),
    pseudonym: member.pseudonym,
    premium,
    allowDirectMessages: member.allowDirectMessages,
  };
}


/** Founders who may be listed: active accounts that are not hidden (u: users, m: community_members). */
export const listed = sql`u.status = 'active' and coalesce(m.visibility, 'anonymous') <> 'hidden'`;

type Rows<T> = { rows: T[] };
export const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** The author's user columns a raw query selects to show them as `memberView` does. */
export type MemberUserColumns = {
  full_name: string | null;
  last_name: string | null;
  nickname: string | null;
  startup_name: string | null;
  user_tier: number;
  trial_eligible: boolean;
};

export type ListedRow = MemberUserColumns & { user_id: string; created_at: string | Date };

/** How each row's founder is shown, as their visibility allows now. */
export async function viewsOf(db: Executor, rows: readonly ListedRow[], tier: TierContext) {
  const members = await ensureMembers(db, rows.map((row) => row.user_id));
  return (row: ListedRow) => memberView(profileFields(row, row.created_at), members.get(row.user_id) as Member, tier);
}

/** A raw row's author columns as `memberView` reads them; `createdAt` is when their account was made. */
export const profileFields = (row: MemberUserColumns, createdAt: string | Date): ProfileFields => ({
  fullName: row.full_name,
  lastName: row.last_name,
  nickname: row.nickname,
  startupName: row.startup_name,
  userTier: Number(row.user_tier),
  trialEligible: row.trial_eligible,
  createdAt: new Date(createdAt),
});

/**
 * What a reader may see of `c` (chat_messages joined with users `u` and community_members `m`):
 * a direct message only when they are one of its two founders (decision 220).
 */
export const visibleTo = (readerId: string) => sql`c.deleted_at is null
      and u.status = 'active' and coalesce(m.visibility, 'anonymous') <> 'hidden'
      and not exists (select 1 from chat_blocks b where b.blocker_id = ${readerId} and b.blocked_id = c.user_id)
      and (c.conversation_id is null or exists (
        select 1 from chat_conversations v where v.id = c.conversation_id and ${readerId} in (v.user_low, v.user_high)))`;

/** Reading and posting are tier 2; a hidden founder may read but not post (they are listed nowhere). */
export async function chatAccess(db: Database, userId: string, tier: TierContext) {
  const settings = await getSettings(db, userId, tier);
  if (!settings.premium) throw new AppError('PREMIUM_REQUIRED');
  return settings;
}

/** Writing to a room (a post, an edit) asks for chat access and a founder who is listed somewhere. */
export async function writeAccess(db: Database, userId: string, tier: TierContext) {
  const settings = await chatAccess(db, userId, tier);
  if (settings.visibility === 'hidden') throw new AppError('FORBIDDEN');
}
