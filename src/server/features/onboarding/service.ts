import { eq } from 'drizzle-orm';
import type { OnboardingInput } from '../../../core/onboarding/onboarding-schema.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Stores every answer in its profile column and the whole set in onboarding_data,
 * and marks onboarding completed, in one statement. An answer left out entirely keeps
 * what the profile had (the name given at sign-up); one sent empty is stored as null.
 */
export async function completeOnboarding(db: Database, userId: string, answers: OnboardingInput) {
  const given = Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== undefined));
  const updated = await db
    .update(users)
    .set({ ...given, onboardingData: answers, onboardingCompleted: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND');
}
