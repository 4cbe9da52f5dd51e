import { type Browser, expect, test } from '@playwright/test';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { expectNoAxeViolations, FOUNDER_PASSWORD, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { waitForApp } from './support/ready.ts';

/**
 * Admin › Settings at run time (decision 289): the admin lengthens the trial and a founder
 * who signs up afterwards is given the new length, in English and in Spanish. On a server of
 * its own: the shared e2e server's trial stays the default every other spec expects.
 * The admin is one of the addresses RUMBO_ADMIN_EMAILS lists in playwright.config.ts.
 */
const ADMIN = 'e2e-admin-ops@example.com';
const TRIAL_DAYS = 30;
let server: AppServer;
test.beforeAll(async () => {
  server = await startAppServer({ env: { RUMBO_ADMIN_EMAILS: ADMIN } });
});
test.afterAll(async () => {
  await server?.stop();
});

type Language = 'en' | 'es-LA';

/** A signed-in, onboarded account in a browser of its own that reads the app in `language`; its address confirmed (which an admin needs). */
async function accountIn(browser: Browser, language: Language, email = uniqueEmail('trial')) {
  const context = await browser.newContext({ baseURL: server.url });
  await context.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
  const signUp = await context.request.post('/api/auth/sign-up/email', { data: { email, password: FOUNDER_PASSWORD, name: 'Lucía', termsAccepted: true } });
  expect(signUp.status()).toBe(200);
  expect((await context.request.get(await linkFromOutbox(server.dataDir, email, 'confirm-email'))).ok()).toBe(true);
  expect((await context.request.post('/api/onboarding', { data: { industry: 'Fintech', teamSize: '2-5', startupPhase: 'mvp' } })).status()).toBe(200);
  const page = await context.newPage();
  return { context, page };
}

test('the admin lengthens the trial in Admin › Settings, and founders who sign up afterwards are given the new length', async ({ browser }) => {
  const admin = await accountIn(browser, 'en', ADMIN);
  const en = (key: string) => text('en', 'admin', `settings.runtime.${key}`);
  await admin.page.goto('/admin/settings');
  await waitForApp(admin.page);
  const form = admin.page.getByRole('form', { name: en('title') });
  const trial = form.getByLabel(en('trialDays'), { exact: true });
  await expect(trial).toHaveValue('14');
  await trial.fill(String(TRIAL_DAYS));
  await form.getByRole('button', { name: en('save') }).click();
  await expect(admin.page.getByText(en('saved'))).toBeVisible();

  // The same page in Spanish, chosen in the header: its labels and the value now in force.
  await admin.page.getByRole('combobox', { name: text('en', 'common', 'language.label') }).selectOption('es-LA');
  const es = (key: string) => text('es-LA', 'admin', `settings.runtime.${key}`);
  const spanishForm = admin.page.getByRole('form', { name: es('title') });
  await expect(spanishForm.getByLabel(es('trialDays'), { exact: true })).toHaveValue(String(TRIAL_DAYS));
  await expect(spanishForm.getByText(es('trialDaysHint').replace('{{days}}', '14'))).toBeVisible();
  await expect(spanishForm.getByRole('button', { name: es('save') })).toBeVisible();
  await expectNoAxeViolations(admin.page, 'admin settings (es-LA)');
  await admin.context.close();

  // Founders who sign up now: their Subscription page counts the new length, in their language.
  for (const language of ['en', 'es-LA'] as const) {
    const founder = await accountIn(browser, language);
    await founder.page.goto('/subscription');
    await waitForApp(founder.page);
    await expect(founder.page.getByText(text(language, 'subscription', 'plan.trialDaysLeft_other').replace('{{count}}', String(TRIAL_DAYS)))).toBeVisible();
    await founder.context.close();
  }
});
