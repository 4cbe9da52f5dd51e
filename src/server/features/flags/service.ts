import { eq, inArray } from 'drizzle-orm';
import { FEATURE_FLAGS, flagEnabled, type FeatureFlagInput, type FeatureFlagName } from '../../../core/flags/feature-flags.ts';
import type { Database } from '../../db/client.ts';
import { authUsers, featureFlags } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';

/** One flag as the admin's Settings lists it. */
export type AdminFeatureFlag = { name: FeatureFlagName; rolloutPercent: number; overrideEmails: string[]; updatedAt: string | null };

/** GET /api/feature-flags: the signed-in founder's resolved flags. */
export type ResolvedFlags = Record<FeatureFlagName, boolean>;

type Setting = { rolloutPercent: number; overrideUserIds: string[]; updatedAt: Date | null };
const OFF: Setting = { rolloutPercent: 0, overrideUserIds: [], updatedAt: null };

/** Every known flag's setting; a flag nobody has set yet is at 0 % with no overrides (decision 205). */
async function settings(db: Database): Promise<Map<FeatureFlagName, Setting>> {
  const rows = await db.select().from(featureFlags);
  const byName = new Map(rows.map((row) => [row.name, row]));
  return new Map(FEATURE_FLAGS.map((name) => [name, byName.get(name) ?? OFF]));
}

/** The founder's flags, each on or off (GET /api/feature-flags). */
export async function resolvedFlags(db: Database, userId: string): Promise<ResolvedFlags> {
  const all = await settings(db);
  return Object.fromEntries(FEATURE_FLAGS.map((name) => [name, flagEnabled(name, userId, all.get(name)!)])) as ResolvedFlags;
}

/** The admin's Settings: each flag with its rollout and its override list as e-mails. */
export async function listFlags(db: Database): Promise<AdminFeatureFlag[]> {
  const all = await settings(db);
  const ids = [...new Set([...all.values()].flatMap((setting) => setting.overrideUserIds))];
  const emails = ids.length ? new Map((await db.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, ids))).map((row) => [row.id, row.email])) : new Map<string, string>();
  return FEATURE_FLAGS.map((name) => {
    const setting = all.get(name)!;
    return {
      name,
      rolloutPercent: setting.rolloutPercent,
      // A deleted account drops out of the list.
      overrideEmails: setting.overrideUserIds.flatMap((id) => (emails.has(id) ? [emails.get(id)!] : [])).sort(),
      updatedAt: setting.updatedAt?.toISOString() ?? null,
    };
  });
}

/**
 * Sets one flag's rollout and override list, audited as `security_feature_flag_changed` with
 * the before and after. An e-mail with no account is refused whole (400, nothing changed).
 */
export async function updateFlag(db: Database, name: FeatureFlagName, input: FeatureFlagInput, admin: { id: string; context: RequestContext }): Promise<AdminFeatureFlag> {
  const emails = [...new Set(input.overrideEmails)];
  const accounts = emails.length ? await db.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.email, emails)) : [];
  const unknown = emails.filter((email) => !accounts.some((account) => account.email === email));
  if (unknown.length) {
    throw new AppError('VALIDATION_FAILED', { details: unknown.map((email) => ({ field: 'overrideEmails', message: `No account uses ${email}` })) });
  }
  const before = (await listFlags(db)).find((flag) => flag.name === name)!;
  const now = new Date();
  const values = { rolloutPercent: input.rolloutPercent, overrideUserIds: accounts.map((account) => account.id), updatedBy: admin.id, updatedAt: now };
  await db.transaction(async (tx) => {
    await tx.insert(featureFlags).values({ name, ...values }).onConflictDoUpdate({ target: featureFlags.name, set: values });
    await recordAuditEvent(tx as unknown as Database, {
      action: 'feature_flag_changed',
      adminId: admin.id,
      context: admin.context,
      details: { flag: name, before: { rolloutPercent: before.rolloutPercent, overrideEmails: before.overrideEmails }, after: { rolloutPercent: input.rolloutPercent, overrideEmails: emails.sort() } },
    }, now);
  });
  const [row] = await db.select().from(featureFlags).where(eq(featureFlags.name, name));
  return { name, rolloutPercent: row!.rolloutPercent, overrideEmails: emails, updatedAt: row!.updatedAt.toISOString() };
}
