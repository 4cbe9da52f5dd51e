import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, authUsers, users } from '../../src/server/db/schema/index.ts';
import { askForMagicLink, auditRows, errorOf, mailsTo } from './support/accounts.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';

/**
 * Account deletion (docs/product.md#account-states, decision 025): confirmed by typing the e-mail; the account
 * is marked deleted and its data kept; every session ends; it gets no e-mail, cannot sign
 * in and cannot get sign-in or reset links; audited as security_account_deleted.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const remove = (cookie: string, email: string) => t.request('/api/account/delete', { method: 'POST', cookie, json: { email } });
const signIn = (email: string, password = 'correct horse battery') => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

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
    expect(await errorOf(wrong)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'email', message: 'subscription:dangerZone.mismatch' }] });
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

  it('the address can no longer sign in, nor get a sign-in, reset or confirmation e-mail', async () => {
    const founder = await t.signUp();
    await askForMagicLink(t, founder.email);
    const earlierLink = new URL(await t.outbox.link(founder.email, 'magic-link'));
    expect((await remove(founder.cookie, founder.email)).status).toBe(200);
    const mailsBefore = t.outbox.all().filter((message) => message.to === founder.email).length;

    const refused = await signIn(founder.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_DELETED', message: 'This account has been deleted.' });
    expect(refused.headers.getSetCookie().join(';')).not.toContain('session_token=');
    // A wrong password gets the usual answer.
    expect((await signIn(founder.email, 'not the password')).status).toBe(401);

    // Asked for links, the server answers as for anyone, and sends nothing.
    expect(await (await askForMagicLink(t, founder.email)).json()).toEqual({ status: true });
    const reset = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: founder.email, redirectTo: '/reset-password' } });
    expect(reset.status).toBe(200);
    await t.request('/api/auth/send-verification-email', { method: 'POST', json: { email: founder.email } });
    expect(await mailsTo(t, founder.email, await t.signUp())).toBe(mailsBefore);

    // A link e-mailed before the deletion opens no session.
    const opened = await t.request(earlierLink.pathname + earlierLink.search);
    expect(opened.headers.get('location')).toBe(`${TEST_ORIGIN}/auth/callback?error=ACCOUNT_DELETED`);
    expect(sessionCookie(opened)).not.toContain('session_token=');

    // The address stays taken: the account and its data are kept.
    const again = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email: founder.email, password: 'correct horse battery', name: 'Again', termsAccepted: true } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { token: string | null }).token).toBeNull();
    expect(sessionCookie(again)).not.toContain('session_token=');
    // A deleted account gets no e-mail, not even the one saying someone tried its address.
    expect(t.outbox.all().filter((message) => message.to === founder.email)).toHaveLength(mailsBefore);
  });
});
