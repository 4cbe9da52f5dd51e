import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSignInLinks, authSessions, authUsers, feedback, feedbackImages, invites, tasks, users } from '../../src/server/db/schema/index.ts';
import { currentRole } from '../../src/server/platform/roles.ts';
import { storageFor } from '../../src/server/storage/storage-for.ts';
import { TINY_PNG } from '../support/make-pdf.ts';
import { auditRows, errorOf, signUpAdmin } from './support/accounts.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * The admin's operations on accounts (decisions 270–273): deleting an account with all of
 * it, a one-time sign-in link, invitations, and priority support for Premium founders.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function sendFeedback(cookie: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries({ type: 'issue', content: 'The chart is blank', sections: 'dashboard', page: '/metrics', appVersion: '0.2.0', ...fields })) body.append(name, value);
  body.append('images', new File([TINY_PNG as BlobPart], 'chart.png', { type: 'image/png' }));
  const response = await t.request('/api/feedback', { method: 'POST', cookie, body });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; priority: boolean; firstReplyDueAt: string | null };
}

describe('DELETE /api/admin/users/:id', () => {
  it('erases the founder’s rows and files, ends their sessions at once, and keeps the audit row', async () => {
    const admin = await signUpAdmin(t);
    const founder = await t.signUp();
    expect((await t.request('/api/tasks', { method: 'POST', cookie: founder.cookie, json: validTask })).status).toBe(201);
    const sent = await sendFeedback(founder.cookie);
    const [image] = await t.db.select({ key: feedbackImages.storageKey }).from(feedbackImages).where(eq(feedbackImages.feedbackId, sent.id));
    const storage = storageFor(t.deps);
    expect(await storage.get(image!.key)).not.toBeNull();

    // The typed address must be the account's: otherwise nothing is deleted.
    const mistyped = await t.request(`/api/admin/users/${founder.user.id}`, { method: 'DELETE', cookie: admin.cookie, json: { email: 'someone@example.com' } });
    expect(mistyped.status).toBe(400);
    expect((await t.request('/api/me', { cookie: founder.cookie })).status).toBe(200);

    const deleted = await t.request(`/api/admin/users/${founder.user.id}`, { method: 'DELETE', cookie: admin.cookie, json: { email: founder.email.toUpperCase(), reason: 'Asked by e-mail' } });
    expect(deleted.status).toBe(204);
    expect((await t.request('/api/me', { cookie: founder.cookie })).status).toBe(401);
    for (const table of [authUsers, users]) expect(await t.db.select().from(table).where(eq(table.id, founder.user.id))).toEqual([]);
    expect(await t.db.select().from(tasks).where(eq(tasks.userId, founder.user.id))).toEqual([]);
    expect(await t.db.select().from(feedback).where(eq(feedback.userId, founder.user.id))).toEqual([]);
    expect(await t.db.select().from(authSessions).where(eq(authSessions.userId, founder.user.id))).toEqual([]);
    expect(await storage.get(image!.key)).toBeNull();

    const [row] = await auditRows(t, 'security_user_deleted_by_admin', founder.user.id);
    expect(row).toMatchObject({ adminId: admin.user.id });
    expect(row!.details).toMatchObject({ email: founder.email, reason: 'Asked by e-mail', confirmedWith: 'typed-email', files: 1 });
    // The address is free again: signing up with it makes a new, empty account.
    const again = await t.signUp({ email: founder.email });
    expect(again.user.id).not.toBe(founder.user.id);
  });

  it('answers 404 for an unknown id, 409 for oneself and for the last admin, and is for admins only', async () => {
    const admin = await signUpAdmin(t);
    expect((await t.request('/api/admin/users/no-such-user', { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
    const self = await t.request(`/api/admin/users/${admin.user.id}`, { method: 'DELETE', cookie: admin.cookie });
    expect(self.status).toBe(409);
    expect((await errorOf(self)).code).toBe('ACCOUNT_NOT_DELETABLE');
    expect((await t.request('/api/me', { cookie: admin.cookie })).status).toBe(200);

    const founder = await t.signUp();
    expect((await t.request(`/api/admin/users/${admin.user.id}`, { method: 'DELETE', cookie: founder.cookie })).status).toBe(403);
    // Another admin can be deleted while one remains (an API client may send no body at all).
    const other = await signUpAdmin(t);
    expect((await t.request(`/api/admin/users/${other.user.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
  });
});

describe('POST /api/admin/users/:id/sign-in-link', () => {
  it('signs the founder in once, within 15 minutes; audited; e-mailed when asked', async () => {
    const admin = await signUpAdmin(t);
    const founder = await t.signUp();
    const made = await t.request(`/api/admin/users/${founder.user.id}/sign-in-link`, { method: 'POST', cookie: admin.cookie, json: { sendEmail: true } });
    expect(made.status).toBe(201);
    const { url, expiresAt } = (await made.json()) as { url: string; expiresAt: string };
    expect(url.startsWith(`${TEST_ORIGIN}/api/sign-in-links/`)).toBe(true);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    expect((await t.outbox.latest(founder.email, 'admin-sign-in-link')).links).toContain(url);

    const opened = await t.request(pathOf(url));
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/overview?signed_in_by_admin=1');
    const me = await t.request('/api/me', { cookie: sessionCookie(opened) });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(founder.user.id);

    const second = await t.request(pathOf(url));
    expect(second.status).toBe(302);
    expect(second.headers.get('location')).toBe('/auth/callback?error=INVALID_TOKEN');
    expect(second.headers.getSetCookie().join(';')).not.toContain('session_token=');

    expect((await auditRows(t, 'security_sign_in_link_created', founder.user.id))[0]).toMatchObject({ adminId: admin.user.id });
    expect(await auditRows(t, 'security_sign_in_link_used', founder.user.id)).toHaveLength(1);
  });

  it('refuses an expired link, changing nothing; 404 for an unknown founder; admins only', async () => {
    const admin = await signUpAdmin(t);
    const founder = await t.signUp();
    const made = await answerOf('POST /api/admin/users/:userId/sign-in-link', t.request(`/api/admin/users/${founder.user.id}/sign-in-link`, { method: 'POST', cookie: admin.cookie }));
    // Not e-mailed unless asked.
    expect(t.outbox.all().filter((message) => message.to === founder.email && message.kind === 'admin-sign-in-link')).toEqual([]);
    await t.db.update(adminSignInLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(adminSignInLinks.userId, founder.user.id));
    const expired = await t.request(pathOf(made.url));
    expect(expired.headers.get('location')).toBe('/auth/callback?error=EXPIRED_TOKEN');
    expect(expired.headers.getSetCookie().join(';')).not.toContain('session_token=');
    const [link] = await t.db.select().from(adminSignInLinks).where(eq(adminSignInLinks.userId, founder.user.id));
    expect(link!.usedAt).toBeNull();
    expect((await t.request('/api/sign-in-links/not-a-token')).headers.get('location')).toBe('/auth/callback?error=INVALID_TOKEN');

    expect((await t.request('/api/admin/users/no-such-user/sign-in-link', { method: 'POST', cookie: admin.cookie })).status).toBe(404);
    expect((await t.request(`/api/admin/users/${admin.user.id}/sign-in-link`, { method: 'POST', cookie: founder.cookie })).status).toBe(403);
  });
});

describe('POST /api/admin/invites', () => {
  it('e-mails the invitee in the chosen language; an admin invite grants the role once the address is confirmed', async () => {
    const admin = await signUpAdmin(t);
    const email = `invitee-${Date.now()}@example.com`;
    const invited = await t.request('/api/admin/invites', { method: 'POST', cookie: admin.cookie, json: { email: email.toUpperCase(), role: 'admin', language: 'es-LA' } });
    expect(invited.status).toBe(201);
    const invite = (await invited.json()) as { id: string; email: string; role: string };
    expect(invite).toMatchObject({ email, role: 'admin', language: 'es-LA' });
    const mail = await t.outbox.latest(email, 'invite');
    expect(mail.subject).toBe('Te invitan a Rumbo');
    const link = new URL(mail.links[0]!);
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('mode')).toBe('sign-up');
    expect(link.searchParams.get('email')).toBe(email);

    const listed = await answerOf('GET /api/admin/invites', t.request('/api/admin/invites', { cookie: admin.cookie }));
    expect(listed.invites.map((row) => row.id)).toContain(invite.id);

    const signUp = await t.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'correct horse battery', name: 'Ivo Invited', termsAccepted: true } });
    expect(signUp.status).toBe(200);
    const [account] = await t.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email));
    // Signing up with the address proves nothing yet.
    expect(await currentRole(t.db, account!.id)).toBe('user');
    const confirmation = await t.outbox.link(email, 'confirm-email');
    expect((await t.request(pathOf(confirmation))).status).toBeLessThan(400);
    expect(await currentRole(t.db, account!.id)).toBe('admin');
    const [row] = await t.db.select().from(invites).where(eq(invites.id, invite.id));
    expect(row).toMatchObject({ acceptedBy: account!.id });
    const after = await answerOf('GET /api/admin/invites', t.request('/api/admin/invites', { cookie: admin.cookie }));
    expect(after.invites.map((item) => item.id)).not.toContain(invite.id);
  });

  it('answers an address with an account like any other, resends and revokes, and refuses a malformed address', async () => {
    const admin = await signUpAdmin(t);
    const existing = await t.signUp();
    const fresh = `fresh-${Date.now()}@example.com`;
    const answers = [];
    for (const email of [existing.email, fresh]) {
      const response = await t.request('/api/admin/invites', { method: 'POST', cookie: admin.cookie, json: { email }, headers: { 'accept-language': 'en' } });
      answers.push({ status: response.status, keys: Object.keys((await response.json()) as object).sort() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(201);
    expect((await t.outbox.latest(existing.email, 'invite-existing')).subject).toBe("You're invited to Rumbo");

    const listed = await answerOf('GET /api/admin/invites', t.request('/api/admin/invites', { cookie: admin.cookie }));
    const pending = listed.invites.find((item) => item.email === fresh)!;
    const before = t.outbox.all().filter((message) => message.to === fresh).length;
    expect((await t.request(`/api/admin/invites/${pending.id}/resend`, { method: 'POST', cookie: admin.cookie })).status).toBe(200);
    expect(t.outbox.all().filter((message) => message.to === fresh).length).toBe(before + 1);
    expect((await t.request(`/api/admin/invites/${pending.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(204);
    expect((await t.request(`/api/admin/invites/${pending.id}`, { method: 'DELETE', cookie: admin.cookie })).status).toBe(404);
    expect((await t.request(`/api/admin/invites/${pending.id}/resend`, { method: 'POST', cookie: admin.cookie })).status).toBe(404);

    const countBefore = (await t.db.select().from(invites)).length;
    const malformed = await t.request('/api/admin/invites', { method: 'POST', cookie: admin.cookie, json: { email: 'not an address' } });
    expect(malformed.status).toBe(400);
    expect(await errorOf(malformed)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'email' }] });
    expect((await t.request('/api/admin/invites', { method: 'POST', cookie: admin.cookie, json: { email: fresh, role: 'owner' } })).status).toBe(400);
    expect((await t.db.select().from(invites)).length).toBe(countBefore);
  });
});

describe('priority support', () => {
  const inbox = async (cookie: string) => await answerOf('GET /api/admin/feedback', t.request('/api/admin/feedback?limit=100', { cookie }));

  it('marks a Premium founder’s feedback priority and lists it first; a forged flag is ignored', async () => {
    const admin = await signUpAdmin(t);
    const premium = await t.signUp();
    await t.db.update(users).set({ userTier: 2 }).where(eq(users.id, premium.user.id));
    const free = await t.signUp();
    const urgent = await sendFeedback(premium.cookie);
    expect(urgent.priority).toBe(true);
    expect(Date.parse(urgent.firstReplyDueAt!)).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000);
    const forged = await sendFeedback(free.cookie, { priority: 'true' });
    expect(forged).toMatchObject({ priority: false, firstReplyDueAt: null });

    const items = (await inbox(admin.cookie)).feedback;
    expect(items[0]).toMatchObject({ id: urgent.id, priority: true, overdue: false });
    expect(items.find((item) => item.id === forged.id)).toMatchObject({ priority: false });
    expect(items.findIndex((item) => !item.priority)).toBeGreaterThan(items.findLastIndex((item) => item.priority));

    // Past its target and unanswered, it is overdue.
    await t.db.update(feedback).set({ firstReplyDueAt: new Date(Date.now() - 60_000) }).where(eq(feedback.id, urgent.id));
    expect((await inbox(admin.cookie)).feedback.find((item) => item.id === urgent.id)).toMatchObject({ overdue: true });
  });

  it('the admin’s answer reaches the founder beside their message and by e-mail, and counts in the analytics', async () => {
    const admin = await signUpAdmin(t);
    const premium = await t.signUp();
    await t.db.update(users).set({ userTier: 2, preferredLanguage: 'es-LA' }).where(eq(users.id, premium.user.id));
    const sent = await sendFeedback(premium.cookie);
    const replied = await t.request(`/api/admin/feedback/${sent.id}/replies`, { method: 'POST', cookie: admin.cookie, json: { body: 'Ya lo arreglamos.' } });
    expect(replied.status).toBe(201);
    const mine = await answerOf('GET /api/feedback', t.request('/api/feedback', { cookie: premium.cookie }));
    expect(mine.feedback.find((item) => item.id === sent.id)?.replies).toEqual([expect.objectContaining({ body: 'Ya lo arreglamos.' })]);
    const mail = await t.outbox.latest(premium.email, 'feedback-reply');
    expect(mail.subject).toBe('El equipo de Rumbo respondió tu mensaje');
    expect(mail.text).toContain('Ya lo arreglamos.');
    const item = (await inbox(admin.cookie)).feedback.find((row) => row.id === sent.id)!;
    expect(item.firstRepliedAt).not.toBeNull();
    expect(item.overdue).toBe(false);

    const today = new Date().toISOString().slice(0, 10);
    const analytics = await answerOf('GET /api/admin/analytics', t.request(`/api/admin/analytics?from=${today}&to=${today}`, { cookie: admin.cookie }));
    expect(analytics.support.answered).toBeGreaterThanOrEqual(1);
    expect(analytics.support.medianHoursToFirstReply).not.toBeNull();

    // Another founder's item is not theirs to read; a blank answer is refused.
    expect((await t.request(`/api/admin/feedback/${sent.id}/replies`, { method: 'POST', cookie: admin.cookie, json: { body: '  ' } })).status).toBe(400);
    expect((await t.request(`/api/admin/feedback/${sent.id}/replies`, { method: 'POST', cookie: premium.cookie, json: { body: 'me' } })).status).toBe(403);
  });
});
