import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, twoFactorUsedCodes } from '../../src/server/db/schema/index.ts';
import { createTestApp, sessionCookie } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '20' });
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const post = (path: string, json: Json, cookie?: string) => t.request(`/api/auth${path}`, { method: 'POST', json, cookie });

/** The authenticator app: the code for now, or for the next 30-second step. */
function authenticator(totpURI: string) {
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  return { now: () => totp.generate(), next: () => totp.generate({ timestamp: Date.now() + 30_000 }), totp };
}

async function enrolled() {
  const founder = await t.signUp();
  const enable = await post('/two-factor/enable', { password: founder.password }, founder.cookie);
  expect(enable.status).toBe(200);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const app = authenticator(totpURI);
  const verify = await post('/two-factor/verify-totp', { code: app.now() }, founder.cookie);
  expect(verify.status).toBe(200);
  return { ...founder, app, backupCodes, cookie: sessionCookie(verify) };
}

async function signInChallenge(email: string, password: string) {
  const response = await post('/sign-in/email', { email, password });
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ twoFactorRedirect: true });
  const cookie = sessionCookie(response);
  expect(cookie).not.toMatch(/rumbo\.session_token=[^;]/);
  return cookie;
}

async function signedInUser(cookie: string) {
  const response = await t.request('/api/auth/get-session', { cookie });
  return ((await response.json()) as { user: { email: string; twoFactorEnabled: boolean } } | null)?.user ?? null;
}

describe('TOTP enrolment', () => {
  it('gives an otpauth URI for Rumbo and 10 backup codes, and turns on only after a correct code', async () => {
    const founder = await t.signUp();
    const enable = await post('/two-factor/enable', { password: founder.password }, founder.cookie);
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('issuer')).toBe('Rumbo');
    expect(backupCodes).toHaveLength(10);
    // Read from a printout, no code mixes look-alikes such as l, 1, I, O and 0.
    for (const backupCode of backupCodes) expect(backupCode).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(new Set(backupCodes).size).toBe(10);
    expect((await signedInUser(founder.cookie))?.twoFactorEnabled).toBe(false);

    // Not finished: sign-in still needs no code.
    const before = await post('/sign-in/email', { email: founder.email, password: founder.password });
    expect(await before.json()).not.toHaveProperty('twoFactorRedirect');

    const wrong = await post('/two-factor/verify-totp', { code: '000000' === authenticator(totpURI).now() ? '111111' : '000000' }, founder.cookie);
    expect(wrong.status).toBe(401);
    const right = await post('/two-factor/verify-totp', { code: authenticator(totpURI).now() }, founder.cookie);
    expect(right.status).toBe(200);
    expect((await signedInUser(sessionCookie(right)))?.twoFactorEnabled).toBe(true);
  });

  it('needs the password to enrol', async () => {
    const founder = await t.signUp();
    const response = await post('/two-factor/enable', { password: 'not my password' }, founder.cookie);
    expect(response.status).toBe(400);
  });
});

describe('the challenge at sign-in', () => {
  it('withholds the session until a correct code, then signs in', async () => {
    const founder = await enrolled();
    const challenge = await signInChallenge(founder.email, founder.password);
    expect(await signedInUser(challenge)).toBeNull();

    const wrong = await post('/two-factor/verify-totp', { code: '12345' }, challenge);
    expect(wrong.status).toBe(401);
    const right = await post('/two-factor/verify-totp', { code: founder.app.next() }, challenge);
    expect(right.status).toBe(200);
    expect((await signedInUser(sessionCookie(right)))?.email).toBe(founder.email);
  });

  it('refuses a code that was already accepted, even inside its time window', async () => {
    const founder = await enrolled();
    const code = founder.app.next();
    const first = await post('/two-factor/verify-totp', { code }, await signInChallenge(founder.email, founder.password));
    expect(first.status).toBe(200);

    const replay = await post('/two-factor/verify-totp', { code }, await signInChallenge(founder.email, founder.password));
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { code: string }).code).toBe('TOTP_CODE_ALREADY_USED');
    expect(sessionCookie(replay)).not.toMatch(/rumbo\.session_token=[^;]/);
  });

  it('refuses the enrolment code at the next sign-in (replay across enrolment and sign-in)', async () => {
    const founder = await t.signUp();
    const enable = await post('/two-factor/enable', { password: founder.password }, founder.cookie);
    const app = authenticator(((await enable.json()) as { totpURI: string }).totpURI);
    const code = app.now();
    expect((await post('/two-factor/verify-totp', { code }, founder.cookie)).status).toBe(200);
    const replay = await post('/two-factor/verify-totp', { code }, await signInChallenge(founder.email, founder.password));
    expect(replay.status).toBe(401);
  });

  it('keeps used codes only for their window', async () => {
    const founder = await enrolled();
    await post('/two-factor/verify-totp', { code: founder.app.next() }, await signInChallenge(founder.email, founder.password));
    await t.db.update(twoFactorUsedCodes).set({ usedAt: new Date(Date.now() - 10 * 60_000) }).where(eq(twoFactorUsedCodes.userId, founder.user.id));
    // The next accepted code clears the old rows.
    const code = founder.app.now(); // read once: a 30 s boundary may pass before the check
    await post('/two-factor/verify-totp', { code }, await signInChallenge(founder.email, founder.password));
    const rows = await t.db.select().from(twoFactorUsedCodes).where(eq(twoFactorUsedCodes.userId, founder.user.id));
    expect(rows.map((row) => row.code)).toEqual([code]);
  });

  it('accepts each backup code once', async () => {
    const founder = await enrolled();
    const [code] = founder.backupCodes;
    const first = await post('/two-factor/verify-backup-code', { code }, await signInChallenge(founder.email, founder.password));
    expect(first.status).toBe(200);
    expect((await signedInUser(sessionCookie(first)))?.email).toBe(founder.email);
    const again = await post('/two-factor/verify-backup-code', { code }, await signInChallenge(founder.email, founder.password));
    expect(again.status).toBe(401);
  });

  it('new backup codes replace the old ones', async () => {
    const founder = await enrolled();
    const regenerate = await post('/two-factor/generate-backup-codes', { password: founder.password }, founder.cookie);
    expect(regenerate.status).toBe(200);
    const { backupCodes } = (await regenerate.json()) as { backupCodes: string[] };
    expect(backupCodes.every((backupCode) => /^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/.test(backupCode))).toBe(true);
    const old = await post('/two-factor/verify-backup-code', { code: founder.backupCodes[0] }, await signInChallenge(founder.email, founder.password));
    expect(old.status).toBe(401);
    const fresh = await post('/two-factor/verify-backup-code', { code: backupCodes[0] }, await signInChallenge(founder.email, founder.password));
    expect(fresh.status).toBe(200);
  });
});

describe('unenrolment', () => {
  it('needs the password, then sign-in asks for no code', async () => {
    const founder = await enrolled();
    expect((await post('/two-factor/disable', { password: 'wrong password!' }, founder.cookie)).status).toBe(400);
    expect((await post('/two-factor/disable', { password: founder.password }, founder.cookie)).status).toBe(200);
    const signIn = await post('/sign-in/email', { email: founder.email, password: founder.password });
    expect(await signIn.json()).not.toHaveProperty('twoFactorRedirect');
    expect((await signedInUser(sessionCookie(signIn)))?.twoFactorEnabled).toBe(false);
  });
});

describe('sign-ins that arrive by link', () => {
  it('a magic link for an account with two-step verification still asks for the code', async () => {
    const founder = await enrolled();
    await post('/sign-in/magic-link', { email: founder.email, callbackURL: '/auth/callback' });
    const link = new URL(await t.outbox.link(founder.email, 'magic-link'));
    const opened = await t.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toMatch(/\/auth\?challenge=two-factor$/);
    const challenge = sessionCookie(opened);
    expect(challenge).not.toMatch(/rumbo\.session_token=[^;]/);
    expect(await signedInUser(challenge)).toBeNull();

    const verified = await post('/two-factor/verify-totp', { code: founder.app.next() }, challenge);
    expect(verified.status).toBe(200);
    expect((await signedInUser(sessionCookie(verified)))?.email).toBe(founder.email);
  });

  it('a magic link for an account without it signs in at once', async () => {
    const founder = await t.signUp();
    await post('/sign-in/magic-link', { email: founder.email, callbackURL: '/auth/callback' });
    const link = new URL(await t.outbox.link(founder.email, 'magic-link'));
    const opened = await t.request(link.pathname + link.search);
    expect(opened.headers.get('location')).toMatch(/\/auth\/callback$/);
    expect((await signedInUser(sessionCookie(opened)))?.email).toBe(founder.email);
  });
});

describe('the audit log', () => {
  it('records two-step verification as enabled only once the first code is verified', async () => {
    const founder = await t.signUp();
    const enabledRows = async () =>
      (await t.db.select({ action: auditLogs.actionType }).from(auditLogs).where(eq(auditLogs.targetUserId, founder.user.id))).filter(
        (row) => row.action === 'security_two_factor_enabled',
      );
    const enable = await post('/two-factor/enable', { password: founder.password }, founder.cookie);
    expect(enable.status).toBe(200);
    // Started, never finished: nothing is on, so nothing is recorded as enabled.
    expect(await enabledRows()).toHaveLength(0);
    const app = authenticator(((await enable.json()) as { totpURI: string }).totpURI);
    expect((await post('/two-factor/verify-totp', { code: app.now() }, founder.cookie)).status).toBe(200);
    expect(await enabledRows()).toHaveLength(1);
  });

  it('records enrolment and unenrolment as security events of that founder, with the browser', async () => {
    const founder = await enrolled();
    expect((await post('/two-factor/disable', { password: founder.password }, founder.cookie)).status).toBe(200);
    const rows = await t.db
      .select({ action: auditLogs.actionType, details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetUserId, founder.user.id)));
    const actions = rows.map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['security_two_factor_enabled', 'security_two_factor_disabled']));
    expect(rows.find((row) => row.action === 'security_two_factor_disabled')?.details).toMatchObject({ userAgent: expect.any(String) });
  });
});
