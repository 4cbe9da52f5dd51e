import { expect, type Page } from '@playwright/test';
import { text } from './locales.ts';
import { linkFromOutbox } from './outbox.ts';
import { waitForApp } from './ready.ts';

export const FOUNDER_PASSWORD = 'a long enough password';
let counter = 0;

/** An address no earlier test (or earlier run against the same server) has used. */
export const uniqueEmail = (prefix = 'founder') => `${prefix}-${Date.now()}-${++counter}@example.com`;

/**
 * Signs up through the API; the page's context keeps the session cookie. The admin
 * accounts of playwright.config.ts have fixed addresses and count as admins only once
 * confirmed: they confirm through the e-mailed link, and when one already exists (the
 * same spec repeated against the same server, as `npm run test:flaky` does) they sign in
 * to it instead, so a spec passes on its second run as on its first.
 */
export async function signUpByApi(page: Page, { name = 'Camila', email = uniqueEmail() }: { name?: string; email?: string } = {}) {
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: FOUNDER_PASSWORD, name, termsAccepted: true },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  if (!isConfiguredAdmin(email)) return { email };
  // An address that already has an account gets the same answer, whose cookie opens no session (decision 240).
  let session = await (await page.request.get('/api/auth/get-session')).json();
  if (!session) {
    const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email, password: FOUNDER_PASSWORD } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    session = await (await page.request.get('/api/auth/get-session')).json();
  }
  if (!session.user.emailVerified) {
    const confirmed = await page.request.get(await linkFromOutbox(E2E_DATA_DIR, email, 'confirm-email'));
    expect(confirmed.ok()).toBe(true);
  }
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
