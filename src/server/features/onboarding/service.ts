import { and, eq } from 'drizzle-orm';
import { OnboardingDraftInput } from '../../../core/onboarding/onboarding-draft.ts';
import type { OnboardingInput } from '../../../core/onboarding/onboarding-schema.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';

/**
 * Stores every answer in its profile column and the whole set in onboarding_data,
 * and marks onboarding completed, in one statement. An answer left out entirely keeps
 * what the profile had (the name given at sign-up); one sent empty is stored as null.
 * The draft goes with it: the answers now live in the profile.
 */
export async function completeOnboarding(db: Database, userId: string, answers: OnboardingInput) {
  const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined));
  const updated = await db
    .update(users)
    .set({ ...given, onboardingData: answers, onboardingDraft: null, onboardingCompleted: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND');
}

/**
 * The founder's saved draft, or null when there is none or onboarding is completed. A stored
 * draft that no longer fits the form (a step or field since removed) is dropped, not served.
 */
export async function readOnboardingDraft(db: Database, userId: string): Promise<OnboardingDraftInput | null> {
  const [row] = await db
    .select({ draft: users.onboardingDraft, completed: users.onboardingCompleted })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row || row.completed || row.draft === null) return null;
  const parsed = OnboardingDraftInput.safeParse(row.draft);
  return parsed.success ? parsed.data : null;
}

/**
 * Replaces the draft of a founder still onboarding. A completed founder's save is ignored
 * (null): it is a save still in flight when Finish was pressed (decision 144).
 */
export async function saveOnboardingDraft(db: Database, userId: string, draft: OnboardingDraftInput): Promise<OnboardingDraftInput | null> {
  const saved = await db
    .update(users)
    .set({ onboardingDraft: draft })
    .where(and(eq(users.id, userId), eq(users.onboardingCompleted, false)))
    .returning({ id: users.id });
  return saved.length > 0 ? draft : null;
}
