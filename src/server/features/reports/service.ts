import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { languageFromTag, type Language } from '../../../core/i18n/language.ts';
import { formatWeek, type WeekKey } from '../../../core/metrics/iso-week.ts';
import { draftInvestorUpdate, type Kpi, type Sections, SECTION_KEYS, updateMarkdown, updateTitle } from '../../../core/reports/investor-update.ts';
import { weekKeyOf } from '../../../core/reports/period-label.ts';
import { type LineChart, updateCharts } from '../../../core/reports/update-charts.ts';
import type { Database } from '../../db/client.ts';
import { investorUpdateShares, investorUpdates, investorUpdateVersions, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { requirePremium } from '../../platform/premium.ts';
import { listWeeks } from '../metrics/index.ts';
import { listVersions } from '../strategy/index.ts';
import { listTasks } from '../tasks/index.ts';
import { keepInvestorList } from './saved-inputs.ts';
import { investorUpdateEmail } from './update-email.ts';
import { ownedRow } from '../../platform/owned-row.ts';
import { assertUuid } from '../../platform/ids.ts';

/** An update as the API answers it: its latest version's sections and their Markdown. */
export type InvestorUpdate = {
  id: string;
  fromWeek: string;
  toWeek: string;
  language: Language;
  /** The founder's startup as the profile names it now (its initial is the update's logo), null when unnamed. */
  startupName: string | null;
  /** "Acme — Investor update, November 2026": the period in months and dates, in the update's language. */
  title: string;
  version: number;
  sections: Sections;
  markdown: string;
  kpis: Kpi[];
  createdAt: string;
  updatedAt: string;
};
/** One of the founder's updates as GET /api/reports/investor-updates lists it. */
export type InvestorUpdateSummary = { id: string; fromWeek: string; toWeek: string; updatedAt: string };

/** Share links last 30 days unless revoked (docs/reports.md#investor-update). */
export const SHARE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

async function founder(db: Database, userId: string) {
  const [row] = await db
    .select({ preferredLanguage: users.preferredLanguage, currency: users.currency, startupName: users.startupName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

type UpdateRow = typeof investorUpdates.$inferSelect;

function toUpdate(row: UpdateRow, version: { version: number; sections: Record<string, string> }, startupName: string | null): InvestorUpdate {
  const sections = Object.fromEntries(SECTION_KEYS.map((key) => [key, version.sections[key] ?? ''])) as Sections;
  const language = (languageFromTag(row.language) ?? 'en') as Language;
  const heading = { startupName: startupName?.trim() || null, period: { fromWeek: weekKeyOf(row.fromWeek), toWeek: weekKeyOf(row.toWeek) } };
  return {
    id: row.id,
    fromWeek: row.fromWeek,
    toWeek: row.toWeek,
    language,
    startupName: heading.startupName,
    title: updateTitle(language, heading),
    version: version.version,
    sections,
    markdown: updateMarkdown(sections, language, heading),
    kpis: row.kpis as Kpi[],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function latestVersion(db: Database, updateId: string) {
  const [version] = await db
    .select()
    .from(investorUpdateVersions)
    .where(eq(investorUpdateVersions.updateId, updateId))
    .orderBy(desc(investorUpdateVersions.version))
    .limit(1);
  if (!version) throw new AppError('NOT_FOUND');
  return version;
}

/** The founder's own update row, or 404 (another founder's id, or no uuid at all). */
const ownUpdate = (db: Database, userId: string, id: string) => ownedRow(db, investorUpdates, id, userId);

/** Drafts an update for the period from the founder's records only, and saves it as version 1. */
export async function createUpdate(
  db: Database,
  userId: string,
  period: { fromWeek: WeekKey; toWeek: WeekKey },
  tier: { trialDays: number; now?: Date },
): Promise<InvestorUpdate> {
  const now = tier.now ?? new Date();
  // Reports are tier 2 (docs/product.md#tiers-and-trial): a tier-1 founder gets PREMIUM_REQUIRED.
  await requirePremium(db, userId, tier.trialDays, now);
  const account = await founder(db, userId);
  const [records, done, active, strategy] = await Promise.all([
    listWeeks(db, userId, 'oldest'),
    listTasks(db, userId, 'done'),
    listTasks(db, userId, 'active'),
    listVersions(db, userId),
  ]);
  const language = (languageFromTag(account.preferredLanguage ?? '') ?? 'en') as Language;
  const { kpis, sections } = draftInvestorUpdate({
    period,
    records,
    completedTasks: done.map((task) => ({ ...task, completedAt: new Date(task.completedAt ?? task.updatedAt) })),
    activeTasks: active,
    strategyStatement: strategy[0]?.statement ?? null,
    language,
    currency: account.currency,
  });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(investorUpdates)
      .values({ userId, fromWeek: formatWeek(period.fromWeek), toWeek: formatWeek(period.toWeek), language, kpis, createdAt: now, updatedAt: now })
      .returning();
    const [version] = await tx.insert(investorUpdateVersions).values({ updateId: row!.id, version: 1, sections, createdAt: now }).returning();
    return toUpdate(row!, version!, account.startupName);
  });
}

export async function listUpdates(db: Database, userId: string): Promise<InvestorUpdateSummary[]> {
  const rows = await db
    .select({ id: investorUpdates.id, fromWeek: investorUpdates.fromWeek, toWeek: investorUpdates.toWeek, updatedAt: investorUpdates.updatedAt })
    .from(investorUpdates)
    .where(eq(investorUpdates.userId, userId))
    .orderBy(desc(investorUpdates.createdAt));
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

export async function getUpdate(db: Database, userId: string, id: string): Promise<InvestorUpdate> {
  const row = await ownUpdate(db, userId, id);
  const [version, account] = await Promise.all([latestVersion(db, id), founder(db, userId)]);
  return toUpdate(row, version, account.startupName);
}

/** `YYYY-Www` as stored on the update row. */
export const weekKey = weekKeyOf;

/**
 * What the PDF shows of the founder's own update, from one read of its row (404 like the
 * update): its latest version, and the cash and MRR charts recomputed from their weeks for
 * the update's period and the previous one (the weeks its KPIs compare).
 */
export async function updateForPdf(db: Database, userId: string, id: string): Promise<{ update: InvestorUpdate; charts: LineChart[] }> {
  const row = await ownUpdate(db, userId, id);
  const [version, account, records] = await Promise.all([latestVersion(db, id), founder(db, userId), listWeeks(db, userId, 'oldest')]);
  const update = toUpdate(row, version, account.startupName);
  const charts = updateCharts(records, { fromWeek: weekKey(row.fromWeek), toWeek: weekKey(row.toWeek) }, update.language, account.currency);
  return { update, charts };
}

/** Saves the founder's edited sections as the next version; earlier versions stay. */
export async function saveUpdate(db: Database, userId: string, id: string, sections: Sections): Promise<InvestorUpdate> {
  const row = await ownUpdate(db, userId, id);
  const account = await founder(db, userId);
  return db.transaction(async (tx) => {
    // Saves take turns on the update row, so two at once get distinct version numbers.
    const [locked] = await tx.update(investorUpdates).set({ updatedAt: new Date() }).where(eq(investorUpdates.id, row.id)).returning();
    const [last] = await tx
      .select({ version: investorUpdateVersions.version })
      .from(investorUpdateVersions)
      .where(eq(investorUpdateVersions.updateId, id))
      .orderBy(desc(investorUpdateVersions.version))
      .limit(1);
    const [version] = await tx
      .insert(investorUpdateVersions)
      .values({ updateId: id, version: (last?.version ?? 0) + 1, sections })
      .returning();
    return toUpdate(locked!, version!, account.startupName);
  });
}

export async function listUpdateVersions(db: Database, userId: string, id: string) {
  await ownUpdate(db, userId, id);
  const rows = await db
    .select({ version: investorUpdateVersions.version, createdAt: investorUpdateVersions.createdAt })
    .from(investorUpdateVersions)
    .where(eq(investorUpdateVersions.updateId, id))
    .orderBy(desc(investorUpdateVersions.version));
  return rows.map((row) => ({ version: row.version, savedAt: row.createdAt.toISOString() }));
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** POST /api/reports/investor-updates/:id/share: the new link and when it stops working. */
export type UpdateShared = { url: string; expiresAt: string };
/** POST /api/reports/investor-updates/:id/send: how many e-mails went out, and how many the mailer refused. */
export type UpdateSent = { sent: number; failed: number };

/** A new read-only link (30 days); audited. Only the token's hash is kept. */
export async function shareUpdate(db: Database, userId: string, id: string, appUrl: string, context: RequestContext, now = new Date()): Promise<UpdateShared> {
  await ownUpdate(db, userId, id);
  const share = await createShare(db, id, appUrl, now);
  await recordAuditEvent(db, { action: 'investor_update_shared', adminId: userId, targetUserId: userId, context, details: { updateId: id, expiresAt: share.expiresAt } }, now);
  return share;
}

async function createShare(db: Database, updateId: string, appUrl: string, now: Date): Promise<UpdateShared> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + SHARE_DAYS * DAY_MS);
  await db.insert(investorUpdateShares).values({ updateId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return { url: `${appUrl}/api/reports/shared/${token}`, expiresAt: expiresAt.toISOString() };
}

/** Revokes every live link to the update: they answer 410 from now on; audited. */
export async function revokeShares(db: Database, userId: string, id: string, context: RequestContext, now = new Date()) {
  await ownUpdate(db, userId, id);
  const revoked = await db
    .update(investorUpdateShares)
    .set({ revokedAt: now })
    .where(and(eq(investorUpdateShares.updateId, id), isNull(investorUpdateShares.revokedAt), gt(investorUpdateShares.expiresAt, now)))
    .returning({ id: investorUpdateShares.id });
  await recordAuditEvent(db, { action: 'investor_update_share_revoked', adminId: userId, targetUserId: userId, context, details: { updateId: id, links: revoked.length } }, now);
}

/** A live share link as the update lists it (decision 263): the token is not kept, so the link itself cannot be shown again. */
export type ShareLink = { id: string; createdAt: string; expiresAt: string };

/** GET /api/reports/investor-updates/:id/shares: the update's links that still open, newest first. */
export async function listShares(db: Database, userId: string, id: string, now = new Date()): Promise<ShareLink[]> {
  await ownUpdate(db, userId, id);
  const rows = await db
    .select({ id: investorUpdateShares.id, createdAt: investorUpdateShares.createdAt, expiresAt: investorUpdateShares.expiresAt })
    .from(investorUpdateShares)
    .where(and(eq(investorUpdateShares.updateId, id), isNull(investorUpdateShares.revokedAt), gt(investorUpdateShares.expiresAt, now)))
    .orderBy(desc(investorUpdateShares.createdAt));
  return rows.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), expiresAt: row.expiresAt.toISOString() }));
}

/** Revokes one live link of the founder's update (404 for any other); it answers 410 from now on; audited. */
export async function revokeShare(db: Database, userId: string, id: string, shareId: string, context: RequestContext, now = new Date()) {
  await ownUpdate(db, userId, id);
  assertUuid(shareId);
  const revoked = await db
    .update(investorUpdateShares)
    .set({ revokedAt: now })
    .where(and(eq(investorUpdateShares.id, shareId), eq(investorUpdateShares.updateId, id), isNull(investorUpdateShares.revokedAt), gt(investorUpdateShares.expiresAt, now)))
    .returning({ id: investorUpdateShares.id });
  if (!revoked.length) throw new AppError('NOT_FOUND');
  await recordAuditEvent(db, { action: 'investor_update_share_revoked', adminId: userId, targetUserId: userId, context, details: { updateId: id, links: 1 } }, now);
}

/** What a share link shows: the update's current text, or `gone` when the link expired, was revoked or never existed. */
export async function sharedUpdate(db: Database, token: string, now = new Date()): Promise<InvestorUpdate | 'gone'> {
  if (!/^[\w-]{20,100}$/.test(token)) return 'gone';
  const [share] = await db.select().from(investorUpdateShares).where(eq(investorUpdateShares.tokenHash, hashToken(token))).limit(1);
  if (!share || share.revokedAt || share.expiresAt <= now) return 'gone';
  const [row] = await db.select().from(investorUpdates).where(eq(investorUpdates.id, share.updateId)).limit(1);
  if (!row) return 'gone';
  const [version, account] = await Promise.all([latestVersion(db, row.id), founder(db, row.userId)]);
  return toUpdate(row, version, account.startupName);
}

/**
 * E-mails the update to each investor with a share link of their own (30 days), through the
 * mail module (SMTP or the outbox). An update without a single recorded number is not sent.
 */
export async function sendUpdate(
  db: Database,
  userId: string,
  id: string,
  recipients: readonly string[],
  services: { mailer: Mailer; appUrl: string; context: RequestContext },
  now = new Date(),
): Promise<UpdateSent> {
  const update = await getUpdate(db, userId, id);
  if (update.kpis.every((kpi) => kpi.value === null)) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'recipients', message: 'validation:reports.emptyUpdate' }] });
  }
  await keepInvestorList(db, userId, recipients, now);
  let sent = 0;
  for (const to of recipients) {
    const { url } = await createShare(db, id, services.appUrl, now);
    const message = investorUpdateEmail({ to, markdown: update.markdown, link: url, language: update.language, masthead: { title: update.title, startupName: update.startupName } });
    if (await services.mailer.send(message)) sent += 1;
  }
  await recordAuditEvent(db, { action: 'investor_update_sent', adminId: userId, targetUserId: userId, context: services.context, details: { updateId: id, recipients: recipients.length, sent } }, now);
  return { sent, failed: recipients.length - sent };
}
