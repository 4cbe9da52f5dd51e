import { expect, type Page, test } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { type OidcTestProvider, startOidcTestProvider } from '../scripts/lib/oidc-test-provider.ts';
import { freePort } from '../scripts/lib/server-process.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { text } from './support/locales.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { waitForApp } from './support/ready.ts';

/**
 * Every way in (docs/accounts.md): these tests run their own server, configured with a
 * real OpenID provider on loopback, and read e-mails from that server's outbox.
 */
const auth = (key: string) => text('en', 'auth', key);
const twoFactor = (key: string) => text('en', 'twoFactor', key);
const password = 'a long enough password';
let counter = 0;
const uniqueEmail = () => `e2e-${Date.now()}-${++counter}@example.com`;

let app: AppServer;
let provider: OidcTestProvider;
test.beforeAll(async () => {
  const port = await freePort();
  provider = await startOidcTestProvider({ appUrl: `http://localhost:${port}` });
  app = await startAppServer({
    port,
    env: {
      RATE_LIMIT_SCALE: '100',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_NAME: 'Acme SSO',
    },
  });
});
test.afterAll(async () => {
  await app?.stop();
  await provider?.close();
});

async function openAuth(page: Page, path = '/auth') {
  await page.goto(app.url + path);
  await waitForApp(page);
}

async function signInWithPassword(page: Page, email: string, secret: string) {
  await openAuth(page);
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(auth('fields.password'), { exact: true }).fill(secret);
  await page.getByRole('button', { name: auth('submit.signIn') }).click();
}

/** An account made through the API, onboarding done, signed out: ready to sign in. */
async function existingFounder(page: Page) {
  const email = uniqueEmail();
  const signUp = await page.request.post(`${app.url}/api/auth/sign-up/email`, {
    data: { email, password, name: 'Existing Founder', termsAccepted: true },
    headers: { origin: app.url },
  });
  expect(signUp.status()).toBe(200);
  const onboarding = await page.request.post(`${app.url}/api/onboarding`, {
    data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' },
    headers: { origin: app.url },
  });
  expect(onboarding.status()).toBe(200);
  await page.context().clearCookies();
  return email;
}

test('sign up, confirm from the e-mail, sign out, sign in with the password', async ({ page }) => {
  const email = uniqueEmail();
  await openAuth(page, '/auth?mode=sign-up');
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: auth('tabs.magicLink') }).click();
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: auth('tabs.password') }).click();
  await page.getByLabel(auth('fields.fullName'), { exact: true }).fill('Valeria Ríos');
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(auth('fields.password'), { exact: true }).fill(password);
  await page.getByLabel(auth('fields.terms'), { exact: true }).check();
  await page.getByRole('button', { name: auth('submit.signUp') }).click();
  await expect(page.getByText(auth('toast.signUpSuccess'))).toBeVisible();
  await expect(page.getByText(auth('toast.signUpWelcome'))).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.goto(await linkFromOutbox(app.dataDir, email, 'confirm-email'));
  await expect(page.getByText(auth('callback.emailConfirmed'))).toBeVisible();
  const session = await (await page.request.get(`${app.url}/api/auth/get-session`)).json();
  expect(session.user.emailVerified).toBe(true);

  await page.request.post(`${app.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, headers: { origin: app.url } });
  await page.goto(`${app.url}/overview`);
  await page.getByRole('button', { name: text('en', 'shell', 'signOut.label') }).click();
  await expect(page).toHaveURL(new RegExp(`^${app.url}/$`));

  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/overview$/);
});

/** The sign-up form of the "Email and Password" tab, filled and sent. */
async function signUpWith(page: Page, say: (key: string) => string, email: string) {
  await page.getByLabel(say('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(say('fields.password'), { exact: true }).fill(password);
  await page.getByLabel(say('fields.terms'), { exact: true }).check();
  await page.getByRole('button', { name: say('submit.signUp') }).click();
}

test('signing up with an address that has an account reveals nothing on screen; the owner gets an e-mail', async ({ page }) => {
  const email = await existingFounder(page);
  await openAuth(page, '/auth?mode=sign-up');
  await signUpWith(page, auth, email);
  await expect(page.getByRole('status').getByText(auth('signUpSent.title'))).toBeVisible();
  await expect(page.getByText(auth('signUpSent.body').replace('{{email}}', email))).toBeVisible();
  await expect(page.getByRole('link', { name: auth('signUpSent.reset') })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
  expect(await linkFromOutbox(app.dataDir, email, 'account-exists')).toBe(`${app.url}/auth`);
  expect(await (await page.request.get(`${app.url}/api/auth/get-session`)).json()).toBeNull();
  await expectNoAxeViolations(page);
});

test('the auth page in Latin-American Spanish: validation, a failed sign-in, an existing address', async ({ page }) => {
  const es = (key: string) => text('es-LA', 'auth', key);
  await page.addInitScript(() => localStorage.setItem('rumbo_language', 'es-LA'));
  const email = await existingFounder(page);
  await openAuth(page);
  await expect(page.getByRole('heading', { level: 1, name: es('title.signIn') })).toBeVisible();

  await page.getByLabel(es('fields.email'), { exact: true }).fill('esto-no-es-un-correo');
  await page.getByLabel(es('fields.password'), { exact: true }).fill('corta');
  await page.getByRole('button', { name: es('submit.signIn') }).click();
  await expect(page.getByText(es('validation:email'))).toBeVisible();
  await expect(page.getByText(es('validation:auth.passwordMin').replace('{{min}}', '8'))).toBeVisible();

  await page.getByLabel(es('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(es('fields.password'), { exact: true }).fill('una contraseña equivocada');
  await page.getByRole('button', { name: es('submit.signIn') }).click();
  await expect(page.getByText(es('toast.signInError'))).toBeVisible();
  await expect(page.getByText(es('errors.signInFailed'))).toBeVisible();

  await page.getByRole('button', { name: es('switch.toSignUp') }).click();
  await signUpWith(page, es, email);
  await expect(page.getByRole('status').getByText(es('signUpSent.title'))).toBeVisible();
  await expect(page.getByText(es('signUpSent.hint'))).toBeVisible();
  await expectNoAxeViolations(page);
});

test('sign in with a magic link from the outbox; the same link twice shows a clear page', async ({ page }) => {
  const email = await existingFounder(page);
  await openAuth(page);
  await page.getByRole('tab', { name: auth('tabs.magicLink') }).click();
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: auth('magicLink.submit') }).click();
  await expect(page.getByRole('status').getByText(auth('magicLink.sentTitle'))).toBeVisible();

  const link = await linkFromOutbox(app.dataDir, email, 'magic-link');
  await page.goto(link);
  await expect(page).toHaveURL(/\/overview$/);

  await page.context().clearCookies();
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/callback\?error=INVALID_TOKEN$/);
  await expect(page.getByRole('heading', { name: auth('callback.errorTitle') })).toBeVisible();
  await expect(page.getByText(auth('callback.expired'))).toBeVisible();
  await expectNoAxeViolations(page);
});

test('sign in with the OpenID provider on loopback; a first visit creates the account', async ({ page }) => {
  await openAuth(page);
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0);
  await page.getByRole('button', { name: auth('providers.oidc').replace('{{name}}', 'Acme SSO') }).click();

  // The provider's own pages (oidc-provider's development screens).
  await page.locator('input[name="login"]').fill('carla');
  await page.locator('input[name="password"]').fill('whatever she likes');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText(auth('toast.signUpSuccess'))).toBeVisible();
  await expect(page).toHaveURL(/\/onboarding$/);
  const session = await (await page.request.get(`${app.url}/api/auth/get-session`)).json();
  expect(session.user.email).toBe('carla@oidc.example');
});

test('enrol in TOTP, then sign-in asks for the code; a used code is refused; a backup code works once', async ({ page }) => {
  test.setTimeout(120_000); // unusedCode may wait up to one 30 s step
  const email = await existingFounder(page);
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto(`${app.url}/profile/security`);
  await expect(page.getByText(twoFactor('statusOff'))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: twoFactor('turnOn') }).click();
  await page.getByLabel(twoFactor('password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: twoFactor('continue') }).click();
  await expect(page.getByRole('img', { name: twoFactor('qrAlt') })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret.replace(/\s+/g, '')) });
  const enrolCode = totp.generate();
  await page.getByLabel(twoFactor('code'), { exact: true }).fill(enrolCode);
  await page.getByRole('button', { name: twoFactor('verify') }).click();
  const codes = page.getByRole('list', { name: twoFactor('backupTitle') }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const backupCode = (await codes.first().textContent()) ?? '';
  await page.getByRole('button', { name: twoFactor('done') }).click();
  await expect(page.getByText(twoFactor('statusOn'))).toBeVisible();

  // Sign out, then in: the password alone is not enough.
  await page.getByRole('button', { name: text('en', 'shell', 'signOut.label') }).click();
  await expect(page).toHaveURL(new RegExp(`^${app.url}/$`));
  await signInWithPassword(page, email, password);
  await expect(page.getByRole('heading', { name: auth('twoFactor.title') })).toBeVisible();
  await expectNoAxeViolations(page);
  // The enrolment code is still inside its 30-second window, but it was used.
  await page.getByLabel(auth('fields.twoFactorCode'), { exact: true }).fill(enrolCode);
  await page.getByRole('button', { name: auth('twoFactor.verify') }).click();
  await expect(page.getByText(auth('errors.codeUsed'))).toBeVisible();
  const nextCode = totp.generate({ timestamp: Date.now() + 30_000 });
  await page.getByLabel(auth('fields.twoFactorCode'), { exact: true }).fill(nextCode);
  await page.getByRole('button', { name: auth('twoFactor.verify') }).click();
  await expect(page).toHaveURL(/\/overview$/);

  // A backup code instead of the app, once.
  await page.context().clearCookies();
  await signInWithPassword(page, email, password);
  await page.getByRole('button', { name: auth('twoFactor.useBackup') }).click();
  await page.getByLabel(auth('fields.backupCode'), { exact: true }).fill(backupCode);
  await page.getByRole('button', { name: auth('twoFactor.verify') }).click();
  await expect(page).toHaveURL(/\/overview$/);

  // A magic link does not skip the second step either.
  await page.context().clearCookies();
  await openAuth(page);
  await page.getByRole('tab', { name: auth('tabs.magicLink') }).click();
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: auth('magicLink.submit') }).click();
  await page.goto(await linkFromOutbox(app.dataDir, email, 'magic-link'));
  await expect(page).toHaveURL(/\/auth\?challenge=two-factor$/);
  await expect(page.getByRole('heading', { name: auth('twoFactor.title') })).toBeVisible();
  await page.getByLabel(auth('fields.twoFactorCode'), { exact: true }).fill(await unusedCode(totp, new Set([enrolCode, nextCode])));
  await page.getByRole('button', { name: auth('twoFactor.verify') }).click();
  await expect(page).toHaveURL(/\/overview$/);
});

/**
 * A code the server will still accept when it checks it: the current step's or the
 * next one's (the server accepts one step either side). The previous step's code is
 * never offered: near a 30 s boundary the server's clock may already be two steps on.
 * When both are used, waits for the next step.
 */
async function unusedCode(totp: OTPAuth.TOTP, used: Set<string>): Promise<string> {
  for (;;) {
    const code = [0, 30_000].map((offset) => totp.generate({ timestamp: Date.now() + offset })).find((candidate) => !used.has(candidate));
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50));
  }
}

test('a trusted browser skips the code until the founder forgets it on the Security page', async ({ page }) => {
  const email = await existingFounder(page);
  // Two-step verification on, through the API (the test above enrols in the browser).
  const post = (path: string, data: Record<string, unknown>) => page.request.post(`${app.url}/api/auth${path}`, { data, headers: { origin: app.url } });
  expect((await post('/sign-in/email', { email, password })).status()).toBe(200);
  const { totpURI, backupCodes } = await (await post('/two-factor/enable', { password })).json();
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  expect((await post('/two-factor/verify-totp', { code: totp.generate() })).status()).toBe(200);
  await page.context().clearCookies();

  await signInWithPassword(page, email, password);
  await page.getByRole('button', { name: auth('twoFactor.useBackup') }).click();
  await page.getByLabel(auth('fields.backupCode'), { exact: true }).fill(backupCodes[0]);
  await page.getByLabel(auth('twoFactor.trustDevice')).check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: auth('twoFactor.verify') }).click();
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto(`${app.url}/profile/security`);
  const trusted = page.getByRole('region', { name: twoFactor('trusted.title') });
  await expect(trusted.getByText(twoFactor('trusted.thisBrowser'))).toBeVisible();
  await expectNoAxeViolations(page);

  // The session ends (as after 8 hours); this browser signs in without the code.
  const cookies = await page.context().cookies();
  await page.context().clearCookies();
  await page.context().addCookies(cookies.filter((cookie) => cookie.name.includes('trust_device')));
  await signInWithPassword(page, email, password);
  await expect(page).toHaveURL(/\/overview$/);

  // Forgotten from the Security page: the code is asked again.
  await page.goto(`${app.url}/profile/security`);
  await trusted.getByRole('button', { name: new RegExp(twoFactor('trusted.forget')) }).click();
  await expect(page.getByText(twoFactor('trusted.forgotten'))).toBeVisible();
  await expect(trusted.getByText(twoFactor('trusted.empty'))).toBeVisible();
  await page.context().clearCookies();
  await signInWithPassword(page, email, password);
  await expect(page.getByRole('heading', { name: auth('twoFactor.title') })).toBeVisible();
});

test('reset a forgotten password through the e-mailed link, which then stops working', async ({ page }) => {
  const email = await existingFounder(page);
  await openAuth(page);
  await page.getByRole('link', { name: auth('forgotPassword') }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await page.getByRole('button', { name: auth('reset.requestSubmit') }).click();
  await expect(page.getByText(auth('reset.sentTitle'))).toBeVisible();
  await expectNoAxeViolations(page);

  const link = await linkFromOutbox(app.dataDir, email, 'reset-password');
  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel(auth('fields.newPassword'), { exact: true }).fill('my new long password');
  await page.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill('not the same password');
  await page.getByRole('button', { name: auth('reset.setSubmit') }).click();
  await expect(page.getByText(auth('validation.passwordsDiffer'))).toBeVisible();
  await page.getByLabel(auth('fields.confirmPassword'), { exact: true }).fill('my new long password');
  await page.getByRole('button', { name: auth('reset.setSubmit') }).click();
  await expect(page.getByText(auth('toast.resetSuccess'), { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await signInWithPassword(page, email, 'my new long password');
  await expect(page).toHaveURL(/\/overview$/);

  await page.goto(link);
  await expect(page.getByRole('heading', { name: auth('reset.invalidTitle') })).toBeVisible();
});

test.describe('at the real limits (RATE_LIMIT_SCALE=1)', () => {
  let strict: AppServer;
  test.beforeAll(async () => {
    strict = await startAppServer({ env: { RATE_LIMIT_SCALE: '1' } });
  });
  test.afterAll(async () => {
    await strict?.stop();
  });

  test('after 5 failed sign-ins the 6th shows the 15-minute wait', async ({ page }) => {
    await page.goto(`${strict.url}/auth`);
    await waitForApp(page);
    await page.getByLabel(auth('fields.email'), { exact: true }).fill(uniqueEmail());
    await page.getByLabel(auth('fields.password'), { exact: true }).fill('a wrong password');
    const attempt = async () => {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-in/email')),
        page.getByRole('button', { name: auth('submit.signIn') }).click(),
      ]);
      return response.status();
    };
    for (let n = 1; n <= 5; n++) expect(await attempt()).toBe(401);
    await expect(page.getByText(auth('errors.signInFailed')).first()).toBeVisible();
    await expect(page.getByText(auth('errors.tooManyAttempts'))).toHaveCount(0);
    expect(await attempt()).toBe(429);
    await expect(page.getByText(auth('errors.tooManyAttempts'))).toBeVisible();
  });
});
