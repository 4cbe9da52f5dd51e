import { eq } from 'drizzle-orm';
import type { Language } from '../../../core/i18n/language.ts';
import type { ProfileUpdateInput } from '../../../core/profile/profile-settings.ts';
import { tierStatus } from '../../../core/subscription/trial.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { currentRole, type Role } from '../../platform/roles.ts';

/**
 * Made with the account (Better Auth's user-created hook), with the e-mail hours new founders
 * start with; idempotent. `preferredLanguage` is the language the founder signed up in
 * (decision 242), so e-mails follow it from the first; `trialEligible` is false when the
 * address had an account before (decision 241).
 */
export async function createProfile(
  db: Database,
  account: { id: string; email: string; fullName?: string | null; preferredLanguage?: Language | null; trialEligible?: boolean },
  emailHours?: { monday: string; friday: string },
) {
  await db
    .insert(users)
    .values({
      id: account.id,
      email: account.email,
      fullName: account.fullName?.trim() ? account.fullName.trim() : null,
      preferredLanguage: account.preferredLanguage ?? null,
      trialEligible: account.trialEligible ?? true,
      termsAcceptedAt: new Date(),
      ...(emailHours ? { emailMondayHour: emailHours.monday, emailFridayHour: emailHours.friday } : {}),
    })
    .onConflictDoNothing({ target: users.id });
}

import type { ProfileCache, ProfileRow } from '../../platform/profile-cache.ts';
import { type JsonText, toJsonText } from '../../http/json-text.ts';

/** The client's profile shape (docs/onboarding-and-profile.md#profile-profile-and-patch-apime). */
function toMe(row: ProfileRow, role: Role, trialDays: number) {
  // The onboarding draft has its own route (GET /api/onboarding/draft): /api/me stays small.
  const { deletedAt, termsAcceptedAt, onboardingDraft, ...fields } = row;
  const tier = tierStatus({ userTier: row.userTier, createdAt: row.createdAt, trialEligible: row.trialEligible }, trialDays);
  return {
    ...fields,
    role,
    aiConsent: row.aiConsentAt !== null,
    isInTrial: tier.isInTrial,
    effectiveUserTier: tier.effectiveUserTier,
    trialEndsAt: tier.trialEndsAt,
  };
}
export type Me = ReturnType<typeof toMe>;

/**
 * The impersonated placeholder profile: what an admin viewing as a founder who has no
 * profile row sees instead of a broken page. Tier free, status active,
 * e-mail hours 09:00 (Monday) and 17:00 (Friday), onboarding not completed, everything else
 * empty; `placeholder: true` says it is not the founder's own.
 */
export function placeholderMe(account: { id: string; email: string }, role: Role) {
  const now = new Date().toISOString();
  return {
    id: account.id,
    email: account.email,
    fullName: null,
    lastName: null,
    nickname: null,
    userTier: 1,
    coreProblemStatement: null,
    industry: null,
    teamSize: null,
    startupPhase: null,
    startupName: null,
    linkedinLink: null,
    startupWebpageUrl: null,
    customerInformation: null,
    founderCharacteristics: null,
    country: null,
    onboardingCompleted: false,
    onboardingData: null,
    status: 'active',
    emailMondayHour: '09:00',
    emailFridayHour: '17:00',
    emailRemindersEnabled: false,
    preferredLanguage: null,
    currency: 'USD',
    separatorAnswers: null,
    timeZone: null,
    aiConsentAt: null,
    aiAssistanceEnabled: false,
    benchmarkSharing: false,
    createdAt: now,
    updatedAt: now,
    role,
    aiConsent: false,
    isInTrial: false,
    effectiveUserTier: 1,
    trialEndsAt: null,
    placeholder: true,
  };
}

async function findProfile(db: Database, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function getMe(db: Database, userId: string, trialDays: number): Promise<Me> {
  const [row, role] = await Promise.all([findProfile(db, userId), currentRole(db, userId)]);
  if (!row) throw new AppError('NOT_FOUND');
  return toMe(row, role, trialDays);
}

/** The serialised answer for a cached row, per role: the row object is shared until the cache drops it. */
const serialised = new WeakMap<ProfileRow, { role: Role; json: JsonText<Me> }>();

/**
 * GET /api/me's fast path: the role from the session check, the row from the profile cache,
 * and the JSON text made once per cached row (the busiest authenticated read serialises
 * nothing on a hit). The trial flags it carries are as fresh as the cache (seconds).
 */
export async function getMeJsonCached(db: Database, profiles: ProfileCache, userId: string, role: Role, trialDays: number): Promise<JsonText<Me>> {
  const row = await profiles.get(db, userId);
  if (!row) throw new AppError('NOT_FOUND');
  const known = serialised.get(row);
  if (known?.role === role) return known.json;
  const json = toJsonText(toMe(row, role, trialDays));
  serialised.set(row, { role, json });
  return json;
}

/** Writes the fields present in `changes` (absent means unchanged) and answers the new profile. */
export async function updateMe(db: Database, userId: string, input: ProfileUpdateInput, trialDays: number) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  if (Object.keys(changes).length > 0) {
    const updated = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (updated.length === 0) throw new AppError('NOT_FOUND');
  }
  return getMe(db, userId, trialDays);
}

/**
 * An admin can mark their own onboarding not completed and walk through it again
 * (docs/product.md#roles). The answers stay (the form starts from them); only the flag changes.
 */
export async function resetOwnOnboarding(db: Database, userId: string, trialDays: number) {
  if ((await currentRole(db, userId)) !== 'admin') throw new AppError('FORBIDDEN');
  await db.update(users).set({ onboardingCompleted: false, updatedAt: new Date() }).where(eq(users.id, userId));
  return getMe(db, userId, trialDays);
}
