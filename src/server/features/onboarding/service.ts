import { eq } from 'drizzle-orm';
import type { OnboardingInput } from '../../../core/onboarding/onboarding-schema.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Stores every answer in its profile column and the whole set in onboarding_data,
 * and marks onboarding completed, in one statement.
 */
export async function completeOnboarding(db: Database, userId: string, answers: OnboardingInput) {
  const nullable = <T>(value: T | undefined) => value ?? null;
  const updated = await db
    .update(users)
    .set({
      fullName: nullable(answers.fullName),
      lastName: nullable(answers.lastName),
      nickname: nullable(answers.nickname),
      country: nullable(answers.country),
      startupName: nullable(answers.startupName),
      industry: answers.industry,
      teamSize: answers.teamSize,
      startupPhase: answers.startupPhase,
      startupWebpageUrl: nullable(answers.startupWebpageUrl),
      linkedinLink: nullable(answers.linkedinLink),
      customerInformation: nullable(answers.customerInformation),
      founderCharacteristics: nullable(answers.founderCharacteristics),
      emailRemindersEnabled: answers.emailRemindersEnabled,
      emailMondayHour: answers.emailMondayHour,
      emailFridayHour: answers.emailFridayHour,
      timeZone: nullable(answers.timeZone),
      onboardingData: answers,
      onboardingCompleted: true,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (updated.length === 0) throw new AppError('NOT_FOUND');
}
