import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiContextEntries,
  aiContextFiles,
  apiTokens,
  authAccounts,
  authSessions,
  authUsers,
  feedback,
  feedbackImages,
  tasks,
  users,
} from '../../src/server/db/schema/index.ts';
import { storageFor } from '../../src/server/storage/storage-for.ts';
import { TINY_PNG } from '../support/make-pdf.ts';
import { validTask } from './support/task-fixtures.ts';
import { askForMagicLink, auditRows, errorOf, mailsTo, signUpAdmin } from './support/accounts.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Account deletion (docs/product.md#account-states, decisions 025 and 307): confirmed by typing the e-mail; the account
 * is erased as an admin's deletion erases it: every row and stored file gone, every session
 * and API token ended; only the audit row security_account_deleted stays. The address can
 * sign up again as a new, empty account. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remove = (cookie: string, email: string) => t.request('/api/account/delete', { method: 'POST', cookie, json: { email } });
const signIn = (email: string, password = 'correct horse battery', clientAddress?: string) =>
  t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, clientAddress });
/** Sign-ins from an address of their own, so the earlier tests' attempts do not count against the login limit. */
const signInElsewhere = (email: string, password: string) => signIn(email, password, '203.0.113.7');

async function statusOf(userId: string) {
  const [row] = await t.db.select({ status: users.status, deletedAt: users.deletedAt, industry: users.industry }).from(users).where(eq(users.id, userId));
  return row;
}

/** Whether any row of the account is left in the tables its founder fills in (the cascade reaches all of them). */
async function rowsLeftOf(userId: string) {
  const left: Record<string, number> = {};
  for (const [name, table, column] of [
    ['auth_users', authUsers, authUsers.id],
    ['users', users, users.id],
    ['auth_sessions', authSessions, authSessions.userId],
    ['auth_accounts', authAccounts, authAccounts.userId],
    ['tasks', tasks, tasks.userId],
    ['feedback', feedback, feedback.userId],
    ['feedback_images', feedbackImages, feedbackImages.userId],
    ['ai_context_entries', aiContextEntries, aiContextEntries.userId],
    ['ai_context_files', aiContextFiles, aiContextFiles.userId],
    ['api_tokens', apiTokens, apiTokens.userId],
  ] as const) {
    const rows = await t.db.select().from(table).where(eq(column, userId));
    if (rows.length > 0) left[name] = rows.length;
  }
  return left;
}

async function sendFeedbackWithImage(cookie: string) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ type: 'issue', content: 'The chart is blank', sections: 'dashboard', page: '/metrics', appVersion: '0.2.0' })) body.append(name, value);
  body.append('images', new File([TINY_PNG as BlobPart], 'chart.png', { type: 'image/png' }));
  expect((await t.request('/api/feedback', { method: 'POST', cookie, body })).status).toBe(201);
}

async function addContextFile(cookie: string) {
  const body = new FormData();
  body.append('type', 'learnings');
  body.append('description', 'Our first export');
  body.append('files', new File([new TextEncoder().encode('week,revenue\n1,1000\n')], 'export.csv', { type: 'text/csv' }));
  expect((await t.request('/api/context', { method: 'POST', cookie, body })).status).toBe(201);
}

describe('POST /api/account/delete', () => {
  it('needs the account’s own e-mail typed, and changes nothing otherwise', async () => {
    const founder = await t.signUp();
    const other = await t.signUp();
    const wrong = await remove(founder.cookie, 'someone-else@example.com');
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'email', message: "That isn't your account's e-mail.", key: 'validation:account.emailMismatch' }] });
    // Typing another founder's address deletes neither account.
    expect((await remove(founder.cookie, other.email)).status).toBe(400);
    expect((await remove(founder.cookie, 'not an e-mail')).status).toBe(400);
    expect((await statusOf(founder.user.id))?.status).toBe('active');
    expect((await statusOf(other.user.id))?.status).toBe('active');
    expect((await t.request('/api/me', { cookie: other.cookie })).status).toBe(200);
    expect((await t.request('/api/account/delete', { method: 'POST', json: { email: founder.email } })).status).toBe(401);
  });

  it('erases every row and file of the account, ends every session and token, and keeps only the audit row', async () => {
    const founder = await t.signUp();
    const onboarding = await t.request('/api/onboarding', { method: 'POST', cookie: founder.cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    expect(onboarding.status).toBe(200);
    expect((await t.request('/api/tasks', { method: 'POST', cookie: founder.cookie, json: validTask })).status).toBe(201);
    await sendFeedbackWithImage(founder.cookie);
    await addContextFile(founder.cookie);
    const created = await t.request('/api/tokens', { method: 'POST', cookie: founder.cookie, json: { name: 'Sheets', scopes: ['read'] } });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as { token: string };
    const withToken = () => t.request('/api/tasks', { headers: { authorization: `Bearer ${token}` } });
    expect((await withToken()).status).toBe(200);
    const elsewhere = [await t.signIn(founder.email), await t.signIn(founder.email)];
    for (const cookie of elsewhere) expect((await t.request('/api/me', { cookie })).status).toBe(200);

    const storage = storageFor(t.deps);
    const keys = [
      ...(await t.db.select({ key: feedbackImages.storageKey }).from(feedbackImages).where(eq(feedbackImages.userId, founder.user.id))),
      ...(await t.db.select({ key: aiContextFiles.storageKey }).from(aiContextFiles).where(eq(aiContextFiles.userId, founder.user.id))),
    ].map((row) => row.key);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await storage.get(key)).not.toBeNull();
    expect(Object.keys(await rowsLeftOf(founder.user.id)).sort()).toEqual(
      ['ai_context_entries', 'ai_context_files', 'api_tokens', 'auth_accounts', 'auth_sessions', 'auth_users', 'feedback', 'feedback_images', 'tasks', 'users'].sort(),
    );

    // Case and spaces do not matter in the typed confirmation.
    const deleted = await remove(elsewhere[0]!, `  ${founder.email.toUpperCase()} `);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ status: 'deleted' });

    expect(await rowsLeftOf(founder.user.id)).toEqual({});
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    for (const cookie of [founder.cookie, ...elsewhere]) expect((await t.request('/api/me', { cookie })).status).toBe(401);
    expect((await withToken()).status).toBe(401);
    // Asking again with an old session finds nobody.
    expect((await remove(founder.cookie, founder.email)).status).toBe(401);

    // The audit row stays (it has no foreign key), naming the founder as who deleted it.
    const audited = await auditRows(t, 'security_account_deleted', founder.user.id);
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ adminId: founder.user.id, targetUserId: founder.user.id });
    expect(audited[0]!.details).toMatchObject({ email: founder.email, confirmedWith: 'typed-email', role: 'user', files: 2, userAgent: TEST_USER_AGENT, origin: TEST_ORIGIN });
  });

  it('the last admin cannot erase their own account: 409, nothing changed', async () => {
    const admin = await signUpAdmin(t);
    const others = await t.db.execute(sql`select count(*)::int as n from user_roles where role = 'admin' and user_id <> ${admin.user.id}`);
    // Only meaningful while this admin is the only one; the file signs up no other admin before this test.
    expect(Number((others as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(0);
    const refused = await remove(admin.cookie, admin.email);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('ACCOUNT_NOT_DELETABLE');
    expect((await statusOf(admin.user.id))?.status).toBe('active');
    expect((await t.request('/api/me', { cookie: admin.cookie })).status).toBe(200);
    expect(await auditRows(t, 'security_account_deleted', admin.user.id)).toEqual([]);
  });

  it('the account can no longer be reached: no sign-in, no link, no e-mail to it', async () => {
    const founder = await t.signUp();
    await askForMagicLink(t, founder.email);
    const earlierLink = new URL(await t.outbox.link(founder.email, 'magic-link'));
    const kinds = () => t.outbox.all().filter((message) => message.to === founder.email).map((message) => message.kind);
    expect(kinds().sort()).toEqual(['confirm-email', 'magic-link']);
    expect((await remove(founder.cookie, founder.email)).status).toBe(200);

    // The address answers as one that never had an account (decision 197), with the right password too.
    const refused = await signIn(founder.email);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_EMAIL_OR_PASSWORD' });
    expect(refused.headers.getSetCookie().join(';')).not.toContain('session_token=');
    expect((await signIn(founder.email, 'not the password')).status).toBe(401);

    // No reset or sign-in link is sent for it: a magic link asked for gets the "no account yet" e-mail anyone new gets.
    const reset = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: founder.email, redirectTo: '/reset-password' } });
    expect(reset.status).toBe(200);
    await t.request('/api/auth/send-verification-email', { method: 'POST', json: { email: founder.email } });
    expect(await (await askForMagicLink(t, founder.email)).json()).toEqual({ status: true });
    await t.outbox.latest(founder.email, 'no-account');
    await mailsTo(t, founder.email, await t.signUp());
    expect(kinds().sort()).toEqual(['confirm-email', 'magic-link', 'no-account']);

    // A link e-mailed before the deletion opens no session, and creates no account.
    const opened = await t.request(earlierLink.pathname + earlierLink.search);
    expect(opened.headers.get('location')).toMatch(/error=/);
    expect(sessionCookie(opened)).not.toContain('session_token=');
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, founder.email))).toEqual([]);
  });

  it('frees the address: signing up with it again makes a new, empty account; nothing of the old one is left', async () => {
    const founder = await t.signUp({ password: 'the first password' });
    const onboarding = await t.request('/api/onboarding', { method: 'POST', cookie: founder.cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    expect(onboarding.status).toBe(200);
    expect((await t.request('/api/tasks', { method: 'POST', cookie: founder.cookie, json: validTask })).status).toBe(201);
    expect((await remove(founder.cookie, founder.email)).status).toBe(200);

    expect(await rowsLeftOf(founder.user.id)).toEqual({});

    // Signing up again with the same address (any case) is a real sign-up: a confirmation e-mail, a session, a new id.
    const again = await t.signUp({ email: founder.email.toUpperCase(), password: 'a brand new password', name: 'Ana Again' });
    expect(again.user.id).not.toBe(founder.user.id);
    expect(again.cookie).toContain('session_token=');
    expect(await t.outbox.link(founder.email, 'confirm-email')).toContain('/api/auth/verify-email');
    const me = await (await t.request('/api/me', { cookie: again.cookie })).json();
    expect(me).toMatchObject({ email: founder.email });
    expect(me).not.toMatchObject({ industry: 'Fintech' });
    expect(await (await t.request('/api/tasks', { cookie: again.cookie })).json()).toEqual([]);
    const exported = await t.request('/api/account/export', { cookie: again.cookie });
    expect(await exported.text()).not.toContain(founder.user.id);

    // The old password reaches nothing; the new one reaches the new account only.
    expect((await signInElsewhere(founder.email, 'the first password')).status).toBe(401);
    const signedIn = await signInElsewhere(founder.email, 'a brand new password');
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { id: string } }).user.id).toBe(again.user.id);

    // Admins find only the new account under the address: the old one is gone.
    const boss = await signUpAdmin(t);
    const listed = await t.request(`/api/admin/users?${new URLSearchParams({ search: founder.email })}`, { cookie: boss.cookie });
    const { users: rows } = (await listed.json()) as { users: { id: string; email: string; status: string }[] };
    expect(rows.map(({ id, email, status }) => ({ id, email, status }))).toEqual([{ id: again.user.id, email: founder.email, status: 'active' }]);
    expect((await t.request(`/api/admin/users/${founder.user.id}`, { cookie: boss.cookie })).status).toBe(404);

    // A reset asked for now reaches the new account, and only the new one.
    const reset = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: founder.email, redirectTo: '/reset-password' } });
    expect(reset.status).toBe(200);
    const token = new URL(await t.outbox.link(founder.email, 'reset-password')).pathname.split('/').pop()!;
    expect((await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'the third password!' } })).status).toBe(200);
    const third = await signInElsewhere(founder.email, 'the third password!');
    expect(((await third.json()) as { user: { id: string } }).user.id).toBe(again.user.id);
  });

  it('a magic-link sign-up with the released address makes a new account', async () => {
    const founder = await t.signUp();
    expect((await remove(founder.cookie, founder.email)).status).toBe(200);
    const asked = await t.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      json: { email: founder.email, name: 'Ana Magic', metadata: { termsAccepted: true }, callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' },
      // An address of its own: the earlier tests' link requests count against the same limit.
      clientAddress: '203.0.113.8',
    });
    expect(asked.status).toBe(200);
    const link = new URL(await t.outbox.link(founder.email, 'magic-link'));
    const opened = await t.request(link.pathname + link.search);
    expect(sessionCookie(opened)).toContain('session_token=');
    const me = await answerOf('GET /api/me', t.request('/api/me', { cookie: sessionCookie(opened) }));
    expect(me).toMatchObject({ email: founder.email, fullName: 'Ana Magic' });
    expect(me.id).not.toBe(founder.user.id);
    expect(await statusOf(founder.user.id)).toBeUndefined();
  });

  it('erases Google and OIDC links and the password with the account, so the provider’s account can start a new one', async () => {
    const founder = await t.signUp();
    await t.db.insert(authAccounts).values({ id: `oauth-${founder.user.id}`, accountId: 'google-sub-123', providerId: 'google', userId: founder.user.id, accessToken: 'secret-token' });
    expect((await remove(founder.cookie, founder.email)).status).toBe(200);
    expect(await t.db.select().from(authAccounts).where(eq(authAccounts.accountId, 'google-sub-123'))).toEqual([]);
    expect(await t.db.select().from(authAccounts).where(eq(authAccounts.userId, founder.user.id))).toEqual([]);
  });
});
