import { type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { FOUNDER_PASSWORD, onboardByApi, signUpByApi, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { waitForApp } from './support/ready.ts';

/**
 * A referral code survives the ways in that leave the page (docs/decisions/210-referral-codes.md):
 * a magic link and an e-mail confirmation, each opened in another tab. It ends pending on
 * the inviter's list, with the invited founder shown as their community visibility allows,
 * and the reward's notices show on Overview until dismissed (decision 195).
 */
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
type Language = 'en' | 'es-LA';

async function founderPage(browser: Browser, baseURL: string | undefined, language: Language, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL });
  await context.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
  return { context, page: await context.newPage() };
}

/** Founder A, onboarded, with one new code. */
async function inviterWithCode(page: Page) {
  await signUpByApi(page, { name: 'Ana Founder' });
  await onboardByApi(page);
  const created = await page.request.post('/api/referrals');
  expect(created.status()).toBe(201);
  return ((await created.json()) as { code: string }).code;
}

async function codeOf(page: Page, code: string) {
  const response = await page.request.get(`/api/referrals/${code}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { status: string; referred: { kind: string } | null };
}

/** A's /referral: the code is pending and names nobody but "Founder #…" (anonymous by default). */
async function expectPendingOnList(page: Page, language: Language, code: string) {
  const r = (key: string) => text(language, 'referrals', key);
  await page.goto('/referral');
  await waitForApp(page);
  const item = page.getByRole('listitem').filter({ hasText: code });
  await expect(item.getByText(r('status.pending'), { exact: true })).toBeVisible();
  await expect(item.getByTestId('referred-founder')).toHaveText(new RegExp(`^${r('who.anonymous').replace('{{pseudonym}}', '\\d+')}$`));
  await expectNoAxeViolations(page);
}

test('es-LA, 390 px: the code survives a magic-link sign-up opened in another tab', async ({ browser, baseURL }) => {
  const language = 'es-LA';
  const auth = (key: string) => text(language, 'auth', key);
  const viewport = { width: 390, height: 844 };
  const a = await founderPage(browser, baseURL, language, viewport);
  const code = await inviterWithCode(a.page);

  const b = await founderPage(browser, baseURL, language, viewport);
  await b.page.goto(`/auth?ref=${code}`);
  await waitForApp(b.page);
  await expect(b.page.getByTestId('invited-by')).toHaveText(text(language, 'auth', 'invitedBy').replace('{{name}}', 'Ana'));
  await b.page.getByRole('tab', { name: auth('tabs.magicLink') }).click();
  const email = uniqueEmail('magic-invited');
  await b.page.getByLabel(auth('fields.fullName'), { exact: true }).fill('Bruno Invitado');
  await b.page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await b.page.getByLabel(auth('fields.terms'), { exact: true }).check();
  await b.page.getByRole('button', { name: auth('magicLink.submit') }).click();
  await expect(b.page.getByRole('status').getByText(auth('magicLink.sentTitle'))).toBeVisible();
  expect((await codeOf(a.page, code)).status).toBe('available');

  // The link opened from the mailbox: a new tab of the same browser.
  const tab = await b.context.newPage();
  await tab.goto(await linkFromOutbox(DATA_DIR, email, 'magic-link'));
  await expect(tab).toHaveURL(/\/onboarding$/);
  expect((await codeOf(a.page, code)).status).toBe('pending');
  await expectPendingOnList(a.page, language, code);
  await a.context.close();
  await b.context.close();
});

test('en: the code survives a password sign-up confirmed in another tab; after onboarding both see a notice on Overview until they dismiss it', async ({
  browser,
  baseURL,
}) => {
  const language = 'en';
  const auth = (key: string) => text(language, 'auth', key);
  const r = (key: string) => text(language, 'referrals', key);
  const viewport = { width: 1280, height: 800 };
  const a = await founderPage(browser, baseURL, language, viewport);
  const code = await inviterWithCode(a.page);

  const b = await founderPage(browser, baseURL, language, viewport);
  await b.page.goto(`/auth?ref=${code}`);
  await waitForApp(b.page);
  await expect(b.page.getByTestId('invited-by')).toBeVisible();
  const email = uniqueEmail('confirm-invited');
  await b.page.getByLabel(auth('fields.fullName'), { exact: true }).fill('Bea Invited');
  await b.page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await b.page.getByLabel(auth('fields.password'), { exact: true }).fill(FOUNDER_PASSWORD);
  await b.page.getByLabel(auth('fields.terms'), { exact: true }).check();
  await b.page.getByRole('button', { name: auth('submit.signUp') }).click();
  await expect(b.page).toHaveURL(/\/onboarding$/);

  const tab = await b.context.newPage();
  await tab.goto(await linkFromOutbox(DATA_DIR, email, 'confirm-email'));
  await expect(tab.getByText(auth('callback.emailConfirmed'))).toBeVisible();
  expect((await (await tab.request.get('/api/auth/get-session')).json()).user.emailVerified).toBe(true);
  expect((await codeOf(a.page, code)).status).toBe('pending');
  await expectPendingOnList(a.page, language, code);

  await onboardByApi(b.page);
  for (const [side, role] of [
    [a.page, 'inviter'],
    [b.page, 'invited'],
  ] as const) {
    // The invited founder's banner is checked in the dark theme, the inviter's in the light one.
    if (role === 'invited') await side.emulateMedia({ colorScheme: 'dark' });
    await side.goto('/overview');
    await waitForApp(side);
    const notice = side.getByTestId('referral-notice');
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(r(`notice.${role}.title_one`).replace('{{count}}', '1'));
    await expectNoAxeViolations(side, `referral notice, ${role}`);
    const dismissed = side.waitForResponse((response) => response.url().endsWith('/dismiss'));
    await notice.getByRole('button', { name: r('notice.dismiss') }).click();
    await expect(notice).toHaveCount(0);
    expect((await dismissed).status()).toBe(204);
    // Dismissed for good: the server no longer lists it, and a reload shows nothing.
    expect(await (await side.request.get('/api/referrals/notices')).json()).toEqual({ notices: [] });
    await side.reload();
    await waitForApp(side);
    await expect(side.getByTestId('referral-notice')).toHaveCount(0);
  }
  expect((await codeOf(a.page, code)).status).toBe('rewarded');
  await a.context.close();
  await b.context.close();
});
