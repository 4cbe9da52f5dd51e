import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';

/**
 * Grants (timestamped) or revokes AI consent (docs/product.md#ai-consent). Revoking clears the
 * timestamp, so the next AI call asks again.
 */
export async function setAiConsent(db: Database, userId: string, granted: boolean) {
  const [row] = await db
    .update(users)
    .set({ aiConsentAt: granted ? new Date() : null, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ aiConsentAt: users.aiConsentAt, aiAssistanceEnabled: users.aiAssistanceEnabled });
  if (!row) throw new AppError('NOT_FOUND');
  return { aiConsent: row.aiConsentAt !== null, aiConsentAt: row.aiConsentAt, aiAssistanceEnabled: row.aiAssistanceEnabled };
}

/**
 * The gate in front of every AI feature: consent first (the UI can ask for it and retry),
 * then the founder's 'AI assistance' preference. Returns the profile bits AI calls need.
 */
export async function requireAiAllowed(db: Database, userId: string) {
  const [row] = await db
    .select({ aiConsentAt: users.aiConsentAt, aiAssistanceEnabled: users.aiAssistanceEnabled, preferredLanguage: users.preferredLanguage })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.aiConsentAt === null) throw new AppError('AI_CONSENT_REQUIRED');
  if (!row.aiAssistanceEnabled) throw new AppError('AI_DISABLED');
  return { preferredLanguage: row.preferredLanguage };
}
