import { and, desc, eq } from 'drizzle-orm';
import { auditLogs } from '../../../src/server/db/schema/index.ts';
import { grantAdminByEmail } from '../../../src/server/platform/roles.ts';
import { CookieJar } from './cookie-jar.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A new account made an admin (as `npm run admin:grant` would), with its browser's cookie jar. */
export async function signUpAdmin(t: TestApp) {
  const account = await t.signUp({ name: 'Ada Admin' });
  await grantAdminByEmail(t.db, t.deps.bus, account.email, 'test');
  return { ...account, jar: new CookieJar(account.cookie) };
}

/** The audit rows of one action about one user, newest first. */
export async function auditRows(t: TestApp, actionType: string, targetUserId: string) {
  return t.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.actionType, actionType), eq(auditLogs.targetUserId, targetUserId)))
    .orderBy(desc(auditLogs.id));
}

type ErrorJson = { error: { code: string; message: string; details?: unknown } };

/** The `{ error }` of an API answer. */
export const errorOf = async (response: Response) => ((await response.json()) as ErrorJson).error;

/** Asks for a sign-in link as the /auth page does; the answer never says whether the address has an account. */
export async function askForMagicLink(t: TestApp, email: string) {
  return t.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email, callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' } });
}

/** How many e-mails went to `to`, once a message to `control` (sent after) has arrived. */
export async function mailsTo(t: TestApp, to: string, control: { email: string }) {
  await askForMagicLink(t, control.email);
  await t.outbox.latest(control.email, 'magic-link');
  return t.outbox.all().filter((message) => message.to === to).length;
}
