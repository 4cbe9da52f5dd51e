import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, authSessions, authUsers, tasks, users } from '../../src/server/db/schema/index.ts';
import { deletedAccountAddress } from '../../src/server/features/account/deletion.ts';
import { validTask } from './support/task-fixtures.ts';
import { askForMagicLink, auditRows, errorOf, mailsTo, signUpAdmin } from './support/accounts.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Account deletion (docs/product.md#account-states, decisions 025 and 197): confirmed by typing the e-mail; the account
 * is marked deleted and its data kept; every session ends; it gets no e-mail, cannot sign
 * in and cannot get sign-in or reset links; audited as security_account_deleted. The
 * address is released: signing up with it again makes a new, empty account.
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

  it('marks the account deleted, keeps its data, signs out every session and audits it', async () => {
    const founder = await t.signUp();
    const onboarding = await t.request('/api/onboarding', { method: 'POST', cookie: founder.cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    expect(onboarding.status).toBe(200);
    const elsewhere = [await t.signIn(founder.email), await t.signIn(founder.email)];
    for (const cookie of elsewhere) expect((await t.request('/api/me', { cookie })).status).toBe(200);

    // Case and spaces do not matter in the typed confirmation.
    const deleted = await remove(elsewhere[0]!, `  ${founder.email.toUpperCase()} `);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ status: 'deleted' });

    expect(await statusOf(founder.user.id)).toMatchObject({ status: 'deleted', deletedAt: expect.any(Date), industry: 'Fintech' });
    expect(await t.db.select().from(authUsers).where(eq(authUsers.id, founder.user.id))).toHaveLength(1);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, founder.user.id))).toEqual([]);
    for (const cookie of [founder.cookie, ...elsewhere]) expect((await t.request('/api/me', { cookie })).status).toBe(401);

    const [row] = await auditRows(t, 'security_account_deleted', founder.user.id);
    expect(row).toMatchObject({ adminId: founder.user.id, targetUserId: founder.user.id });
    expect(row!.details).toMatchObject({ confirmedWith: 'typed-email', userAgent: TEST_USER_AGENT, origin: TEST_ORIGIN });
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
    // Nothing at all goes to the old account's placeholder address.
    expect(t.outbox.all().filter((message) => message.to === deletedAccountAddress(founder.user.id))).toEqual([]);

    // A link e-mailed before the deletion opens no session, and creates no account.
    const opened = await t.request(earlierLink.pathname + earlierLink.search);
    expect(opened.headers.get('location')).toMatch(/error=/);
    expect(sessionCookie(opened)).not.toContain('session_token=');
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, founder.email))).toEqual([]);
  });

  it('releases the address: signing up with it again makes a new, empty account; the old one stays, unlinked', async () => {
    const founder = await t.signUp({ password: 'the first password' });
    const onboarding = await t.request('/api/onboarding', { method: 'POST', cookie: founder.cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    expect(onboarding.status).toBe(200);
    expect((await t.request('/api/tasks', { method: 'POST', cookie: founder.cookie, json: validTask })).status).toBe(201);
    expect((await remove(founder.cookie, founder.email)).status).toBe(200);

    // The old account keeps its data and the former address (for admins), under a placeholder sign-in address.
    const [old] = await t.db.select({ authEmail: authUsers.email, email: users.email, industry: users.industry }).from(users).innerJoin(authUsers, eq(authUsers.id, users.id)).where(eq(users.id, founder.user.id));
    expect(old).toEqual({ authEmail: deletedAccountAddress(founder.user.id), email: founder.email, industry: 'Fintech' });
    expect(await t.db.select().from(tasks).where(eq(tasks.userId, founder.user.id))).toHaveLength(1);

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

    // The old account's data is untouched by the new one's life.
    expect(await statusOf(founder.user.id)).toMatchObject({ status: 'deleted', industry: 'Fintech' });
    expect(await t.db.select().from(tasks).where(eq(tasks.userId, founder.user.id))).toHaveLength(1);

    // Admins find both under the address: the deleted account (former address kept) and the new one.
    const boss = await signUpAdmin(t);
    const listed = await t.request(`/api/admin/users?${new URLSearchParams({ search: founder.email })}`, { cookie: boss.cookie });
    const { users: rows } = (await listed.json()) as { users: { id: string; email: string; status: string }[] };
    expect(rows.map(({ id, email, status }) => ({ id, email, status })).sort((a, b) => a.status.localeCompare(b.status))).toEqual([
      { id: again.user.id, email: founder.email, status: 'active' },
      { id: founder.user.id, email: founder.email, status: 'deleted' },
    ]);

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
    expect((await statusOf(founder.user.id))?.status).toBe('deleted');
  });

  it('unlinks Google and OIDC sign-ins, so the provider’s account can start a new one', async () => {
    const founder = await t.signUp();
    await t.db.insert(authAccounts).values({ id: `oauth-${founder.user.id}`, accountId: 'google-sub-123', providerId: 'google', userId: founder.user.id, accessToken: 'secret-token' });
    expect((await remove(founder.cookie, founder.email)).status).toBe(200);
    const [linked] = await t.db.select().from(authAccounts).where(eq(authAccounts.id, `oauth-${founder.user.id}`));
    expect(linked).toMatchObject({ userId: founder.user.id, accountId: `deleted:${founder.user.id}:google-sub-123`, accessToken: null });
    // The password stays with the old account, out of reach of any address.
    expect(await t.db.select().from(authAccounts).where(eq(authAccounts.userId, founder.user.id))).toHaveLength(2);
  });
});
