import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/server/db/schema/index.ts';
import { createTestApp, sessionCookie, TEST_USER_AGENT } from './support/test-app.ts';

/**
 * "Trust this browser" at the two-step check (decision 102): listed on the security page,
 * forgotten on request, ended on sign-out for that browser and on a new password for all.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '20' });
});
afterAll(() => t.close());

type Device = { id: string; userAgent: string | null; trustedAt: string; expiresAt: string; current: boolean };
const post = (path: string, json: Record<string, unknown>, cookie?: string) => t.request(`/api/auth${path}`, { method: 'POST', json, cookie });

/** A browser's cookies (`had`) after an answer: what it sets replaces what was there; an emptied cookie goes. */
function jar(had: string, response: Response): string {
  const cookies = new Map<string, string>();
  for (const source of [had, sessionCookie(response)]) {
    for (const pair of source.split('; ').filter(Boolean)) {
      const index = pair.indexOf('=');
      const [name, value] = [pair.slice(0, index), pair.slice(index + 1)];
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
  }
  return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

const trustOnly = (cookie: string) =>
  cookie
    .split('; ')
    .filter((pair) => pair.includes('trust_device='))
    .join('; ');

/** A founder with two-step verification, signed in on a browser they chose to trust. */
async function trustedFounder() {
  const founder = await t.signUp();
  const enable = await post('/two-factor/enable', { password: founder.password }, founder.cookie);
  const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  expect((await post('/two-factor/verify-totp', { code: totp.generate() }, founder.cookie)).status).toBe(200);
  const codes = [...backupCodes];
  const challenge = await post('/sign-in/email', { email: founder.email, password: founder.password });
  const verified = await post('/two-factor/verify-backup-code', { code: codes.shift(), trustDevice: true }, sessionCookie(challenge));
  expect(verified.status).toBe(200);
  const cookie = jar('', verified);
  expect(trustOnly(cookie)).not.toBe('');
  return { ...founder, cookie, codes };
}

/** Signs in with the password from a browser holding `cookie`: whether the code was asked, and the browser's cookies after. */
async function signInFrom(cookie: string, email: string, password: string) {
  const response = await post('/sign-in/email', { email, password }, cookie);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { twoFactorRedirect?: boolean };
  return { askedForCode: body.twoFactorRedirect === true, cookie: jar(cookie, response) };
}

async function devices(cookie: string): Promise<Device[]> {
  const response = await t.request('/api/account/trusted-devices', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { devices: Device[] }).devices;
}

describe('trusted browsers', () => {
  it('are listed with the browser and dates, and a trusted browser signs in without the code', async () => {
    const founder = await trustedFounder();
    const [device, ...others] = await devices(founder.cookie);
    expect(others).toEqual([]);
    expect(device).toMatchObject({ userAgent: TEST_USER_AGENT, current: true });
    const days = (Date.parse(device!.expiresAt) - Date.parse(device!.trustedAt)) / 86_400_000;
    expect(Math.round(days)).toBe(30);

    const again = await signInFrom(trustOnly(founder.cookie), founder.email, founder.password);
    expect(again.askedForCode).toBe(false);
    // Renewed under a new identifier, still one browser, trusted since the first time.
    const [renewed, ...more] = await devices(again.cookie);
    expect(more).toEqual([]);
    expect(renewed).toMatchObject({ current: true, trustedAt: device!.trustedAt });
    expect(renewed!.id).not.toBe(device!.id);
  });

  it('stop being trusted when the founder signs out on them', async () => {
    const founder = await trustedFounder();
    const out = await post('/sign-out', {}, founder.cookie);
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((cookie) => /trust_device=;/.test(cookie) && /Max-Age=0/i.test(cookie))).toBe(true);
    // Even a copy of the old cookie no longer skips the code.
    expect((await signInFrom(trustOnly(founder.cookie), founder.email, founder.password)).askedForCode).toBe(true);
  });

  it('stop being trusted, every one of them, when the password changes', async () => {
    const founder = await trustedFounder();
    const changed = await post('/change-password', { currentPassword: founder.password, newPassword: 'a whole new password', revokeOtherSessions: false }, founder.cookie);
    expect(changed.status).toBe(200);
    expect((await signInFrom(trustOnly(founder.cookie), founder.email, 'a whole new password')).askedForCode).toBe(true);
  });

  it('can be forgotten one by one (audited); another founder cannot see or forget them', async () => {
    const founder = await trustedFounder();
    const [device] = await devices(founder.cookie);
    const stranger = await t.signUp();
    expect(await devices(stranger.cookie)).toEqual([]);
    expect((await t.request(`/api/account/trusted-devices/${device!.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect(await devices(founder.cookie)).toHaveLength(1);

    const forgotten = await t.request(`/api/account/trusted-devices/${device!.id}`, { method: 'DELETE', cookie: founder.cookie });
    expect(forgotten.status).toBe(204);
    expect(await devices(founder.cookie)).toEqual([]);
    expect((await signInFrom(trustOnly(founder.cookie), founder.email, founder.password)).askedForCode).toBe(true);
    const audited = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actionType, 'security_trusted_device_forgotten'), eq(auditLogs.targetUserId, founder.user.id)));
    expect(audited).toHaveLength(1);
    expect((await t.request(`/api/account/trusted-devices/${device!.id}`, { method: 'DELETE', cookie: founder.cookie })).status).toBe(404);
  });

  it('need a signed-in founder', async () => {
    expect((await t.request('/api/account/trusted-devices')).status).toBe(401);
  });
});
