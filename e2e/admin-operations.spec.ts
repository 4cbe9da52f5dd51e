import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { expectNoAxeViolations, FOUNDER_PASSWORD, onboardByApi, signInAdmin, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { linkFromOutbox } from './support/outbox.ts';

/**
 * The admin's operations (decisions 270–273), in each language: deleting an account after
 * typing its address, a one-time sign-in link, an invitation taken up, and a Premium
 * founder's message answered. RUMBO_ADMIN_EMAILS in playwright.config.ts makes
 * e2e-admin-ops@example.com an admin.
 */
const ADMIN = 'e2e-admin-ops@example.com';
const DATA_DIR = process.env.E2E_DATA_DIR ?? '';
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** A founder in a browser of their own, signed in (confirming the address when sign-up asks for it). */
async function founderInOwnBrowser(browser: Browser, prefix: string) {
  const context = await browser.newContext();
  const email = uniqueEmail(prefix);
  const signUp = await context.request.post('/api/auth/sign-up/email', { data: { email, password: FOUNDER_PASSWORD, name: 'Rosa', termsAccepted: true } });
  expect(signUp.status()).toBe(200);
  const id = ((await signUp.json()) as { user: { id: string } }).user.id;
  if (!(await signedIn(context.request))) expect((await context.request.get(await linkFromOutbox(DATA_DIR, email, 'confirm-email'))).ok()).toBe(true);
  return { context, email, id };
}
const signedIn = async (request: APIRequestContext) => (await (await request.get('/api/me')).status()) === 200;

for (const [language, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  const admin = (key: string) => text(language, 'admin', key);

  test.describe(`admin operations (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
      await signInAdmin(page, ADMIN, language);
    });

    test('deletes an account once its address is typed', async ({ page, browser }) => {
      const founder = await founderInOwnBrowser(browser, 'delete-me');
      await founder.context.close();
      await page.goto(`/admin/users/${founder.id}`);
      await page.getByRole('button', { name: fill(admin('operations.delete.label'), { email: founder.email }) }).click();
      const dialog = page.getByRole('dialog');
      const confirm = dialog.getByRole('button', { name: admin('operations.delete.confirm') });
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(fill(admin('operations.delete.typeEmail'), { email: founder.email })).fill(founder.email);
      await dialog.getByLabel(admin('operations.delete.reason')).fill('e2e');
      await expectNoAxeViolations(page, `delete dialog (${language})`);
      await confirm.click();
      await expect(page.getByText(fill(admin('operations.delete.done'), { email: founder.email }))).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
      expect((await page.request.get(`/api/admin/users/${founder.id}`)).status()).toBe(404);
    });

    test('makes a one-time sign-in link that works once', async ({ page, browser }) => {
      const founder = await founderInOwnBrowser(browser, 'link-me');
      await onboardByApi(await founder.context.newPage());
      await founder.context.clearCookies();
      await page.goto(`/admin/users/${founder.id}`);
      await page.getByRole('button', { name: fill(admin('operations.signInLink.label'), { email: founder.email }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(admin('operations.signInLink.sendEmail')).check();
      await dialog.getByRole('button', { name: admin('operations.signInLink.create') }).click();
      const url = await dialog.getByLabel(admin('operations.signInLink.link')).inputValue();
      expect(url).toContain('/api/sign-in-links/');
      expect(await linkFromOutbox(DATA_DIR, founder.email, 'admin-sign-in-link')).toBe(url);

      const founderPage = await founder.context.newPage();
      await founderPage.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
      await founderPage.goto(url);
      await expect(founderPage).toHaveURL(/\/overview$/);
      await expect(founderPage.getByText(text(language, 'auth', 'callback.signedInByAdmin'))).toBeVisible();
      // A second use signs nobody in: a clear error page.
      await founder.context.clearCookies();
      await founderPage.goto(url);
      await expect(founderPage.getByRole('heading', { name: text(language, 'auth', 'callback.errorTitle') })).toBeVisible();
      await founder.context.close();
    });

    test('invites an address, whose owner signs up from the e-mail', async ({ page, browser }) => {
      const email = uniqueEmail('invited');
      await page.goto('/admin');
      await page.getByLabel(admin('operations.invites.email'), { exact: true }).fill(email);
      await page.getByLabel(admin('operations.invites.language')).selectOption(language);
      await page.getByRole('button', { name: admin('operations.invites.send') }).click();
      const pending = page.getByRole('list', { name: admin('operations.invites.pending') });
      await expect(pending.getByText(email)).toBeVisible();
      await expectNoAxeViolations(page, `invitations (${language})`);

      // The invitee's browser speaks the invitation's language.
      const invitee = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'es-419' });
      const signUpPage = await invitee.newPage();
      await signUpPage.goto(await linkFromOutbox(DATA_DIR, email, 'invite'));
      const auth = (key: string) => text(language, 'auth', key);
      await expect(signUpPage.getByLabel(auth('fields.email'), { exact: true })).toHaveValue(email);
      await signUpPage.getByLabel(auth('fields.fullName'), { exact: true }).fill('Ivo');
      await signUpPage.getByLabel(auth('fields.password'), { exact: true }).fill(FOUNDER_PASSWORD);
      await signUpPage.getByLabel(auth('fields.terms'), { exact: true }).check();
      await signUpPage.getByRole('button', { name: auth('submit.signUp') }).click();
      expect((await invitee.request.get(await linkFromOutbox(DATA_DIR, email, 'confirm-email'))).ok()).toBe(true);
      await invitee.close();
      // Taken up: no longer pending.
      await page.reload();
      await expect(page.getByRole('heading', { name: admin('operations.invites.pending') })).toBeVisible();
      await expect(page.getByRole('list', { name: admin('operations.invites.pending') }).getByText(email)).toHaveCount(0);
    });

    test('answers a Premium founder’s message first, and the founder reads the answer', async ({ page, browser }) => {
      const founder = await founderInOwnBrowser(browser, 'premium');
      const request = founder.context.request;
      await onboardByApi(await founder.context.newPage());
      expect((await request.post('/api/subscription/upgrade', { data: { plan: 'monthly' } })).status()).toBe(200);
      const content = `Priority ${Date.now()}`;
      const sent = await request.post('/api/feedback', { multipart: { type: 'idea', content, page: '/overview', appVersion: '1.0.0' } });
      expect(sent.status()).toBe(201);

      await page.goto('/admin/feedback');
      const card = page.getByRole('listitem').filter({ hasText: content });
      await expect(card.getByText(admin('feedbackInbox.priority.badge'), { exact: true })).toBeVisible();
      const reply = language === 'en' ? 'Thanks, it is on the way.' : 'Gracias, ya viene en camino.';
      await card.getByLabel(admin('feedbackInbox.reply')).fill(reply);
      await card.getByRole('button', { name: admin('feedbackInbox.sendReply') }).click();
      await expect(page.getByText(admin('feedbackInbox.replySent'))).toBeVisible();
      await expectNoAxeViolations(page, `feedback inbox with an answer (${language})`);

      const founderPage = await founder.context.newPage();
      await founderPage.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
      await founderPage.goto('/profile');
      await expect(founderPage.getByRole('list', { name: text(language, 'feedback', 'history.replies') }).getByText(reply)).toBeVisible();
      expect(await linkFromOutbox(DATA_DIR, founder.email, 'feedback-reply')).toContain('/profile#feedback-history');
      await founder.context.close();
    });
  });
}
