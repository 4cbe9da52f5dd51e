import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { text } from './locales.ts';
import { linkFromOutbox } from './outbox.ts';
import { waitForApp } from './ready.ts';

export const FOUNDER_PASSWORD = 'a long enough password';
let counter = 0;

/** An address no earlier test (or earlier run against the same server) has used. */
export const uniqueEmail = (prefix = 'founder') => `${prefix}-${Date.now()}-${++counter}@example.com`;

/** Another app server than the default one (startAppServer): its origin and its DATA_DIR (for its outbox). */
export type OtherServer = { url: string; dataDir: string };

/**
 * Signs up through the API and confirms the address through the e-mailed link, as a founder
 * does: a sign-up gives no session until then (decision 240), and the link signs in. The
 * request context (a page's, or a test's `request`) keeps the session cookie. `server` points
 * at another app server than the default one. The admin accounts of playwright.config.ts have
 * fixed addresses: when one already exists (the same spec repeated against the same server, as
 * `npm run test:flaky` does) it signs in to it instead, so a spec passes on its second run as on
 * its first.
 */
export async function signUpThrough(
  request: APIRequestContext,
  { name = 'Camila', email = uniqueEmail(), server }: { name?: string; email?: string; server?: OtherServer } = {},
) {
  const origin = server?.url ?? '';
  if (isConfiguredAdmin(email)) {
    const signIn = await request.post(`${origin}/api/auth/sign-in/email`, { data: { email, password: FOUNDER_PASSWORD } });
    if (signIn.ok()) return { email, userId: ((await signIn.json()) as { user: { id: string } }).user.id };
  }
  const signUp = await request.post(`${origin}/api/auth/sign-up/email`, { data: { email, password: FOUNDER_PASSWORD, name, termsAccepted: true } });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  const confirmed = await request.get(await linkFromOutbox(server?.dataDir ?? E2E_DATA_DIR, email, 'confirm-email'));
  expect(confirmed.ok()).toBe(true);
  return { email, userId };
}

/** Signs up (and confirms) through the API; the page's context keeps the session cookie. */
export async function signUpByApi(page: Page, account: { name?: string; email?: string; server?: OtherServer } = {}) {
  const { email } = await signUpThrough(page.request, account);
  return { email };
}

/** The e2e server's admins (RUMBO_ADMIN_EMAILS in playwright.config.ts) all start so. */
const isConfiguredAdmin = (email: string) => email.startsWith('e2e-admin');
/** The e2e server's DATA_DIR (playwright.config.ts). */
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '';

/** Completes onboarding through the API with the required answers (and any others given). */
export async function onboardByApi(page: Page, answers: Record<string, string> = {}) {
  const done = await page.request.post('/api/onboarding', {
    data: { industry: 'Retail software', teamSize: '2-5', startupPhase: 'early-growth', ...answers },
  });
  expect(done.status(), await done.text()).toBe(200);
}

/** Signs up a founder through the API (the page keeps the cookie) and completes onboarding. */
export async function signUpFounder(page: Page, onboarding: Record<string, string> = {}, account: { name?: string; email?: string } = {}) {
  const { email } = await signUpByApi(page, { email: uniqueEmail('mentor'), ...account });
  await onboardByApi(page, onboarding);
  return { email };
}

/**
 * Signs up the way a visitor does: /auth in sign-up mode, the "Email and Password" tab's
 * form. Labels are matched exactly: the magic-link tab has an e-mail field of its own.
 */
export async function signUpInBrowser(page: Page, language: 'en' | 'es-LA', { fullName, email = uniqueEmail() }: { fullName: string; email?: string }) {
  const auth = (key: string) => text(language, 'auth', key);
  await page.goto('/auth?mode=sign-up');
  await waitForApp(page);
  await page.getByLabel(auth('fields.fullName'), { exact: true }).fill(fullName);
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(auth('fields.password'), { exact: true }).fill(FOUNDER_PASSWORD);
  await page.getByLabel(auth('fields.terms'), { exact: true }).check();
  await page.getByRole('button', { name: auth('submit.signUp') }).click();
  // No session yet: the page says to check the inbox, and the e-mailed link signs in (decision 240).
  await expect(page.getByText(auth('signUpSent.body').replace('{{email}}', email))).toBeVisible();
  await page.goto(await linkFromOutbox(E2E_DATA_DIR, email, 'confirm-email'));
  await expect(page).toHaveURL(/\/onboarding$/);
  return { email };
}

export { expectNoAxeViolations } from './axe.ts';

/** A configured admin (RUMBO_ADMIN_EMAILS), signed in, onboarded and speaking `language`; several specs' runs share one. */
export async function signInAdmin(page: Page, email: string, language: 'en' | 'es-LA') {
  await signUpByApi(page, { name: 'Ada', email });
  if (!(await (await page.request.get('/api/me')).json()).onboardingCompleted) await onboardByApi(page);
  expect((await page.request.patch('/api/me', { data: { preferredLanguage: language } })).ok()).toBe(true);
}
