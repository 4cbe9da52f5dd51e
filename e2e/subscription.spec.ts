import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { startAppServer } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { FOUNDER_PASSWORD, signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * Subscriptions with the local provider (docs/billing.md), in both languages: the trial's
 * days left; after it, tier 2 locked, the upgrade unlocking it with the 50-point bonus; a
 * scheduled downgrade with its end date, reactivation, an immediate cancellation; and the
 * danger zone, after which the account's address opens it no more.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const thisWeek = isoWeekOf(new Date());

/** The text before a translation's first placeholder: enough to find a button whose price the browser formats. */
const before = (template: string) => template.split('{{')[0]!.trim();

/** Axe at phone width in the dark theme and on a desktop in the light one, then back to the desktop. */
async function expectAccessibleAtBothWidths(page: Page, label: string) {
  await page.setViewportSize(PHONE);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, `${label} at 390 px, dark`);
  await page.setViewportSize(DESKTOP);
  await page.emulateMedia({ colorScheme: 'light' });
  await expectNoAxeViolations(page, `${label} on a desktop`);
}

/** The date the page shows for an instant: the founder's browser formats it in their language. */
const shownDate = (page: Page, iso: string, locale: string) =>
  page.evaluate(([at, tag]) => new Intl.DateTimeFormat(tag, { dateStyle: 'long' }).format(new Date(at!)), [iso, locale]);

for (const language of ['en', 'es-LA'] as const) {
  test(`${language}: a trial founder sees the days left, then upgrades, downgrades, reactivates, cancels and deletes the account`, async ({ page }) => {
    test.setTimeout(180_000);
    const s = (key: string) => text(language, 'subscription', key);
    const locale = language === 'es-LA' ? 'es-419' : 'en';
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    // The trial is the account's age: a second server on the same data folder with TRIAL_DAYS=0
    // is the same founder once the 14 days have passed.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-plans-'));
    const email = uniqueEmail('plans');
    try {
      const trial = await startAppServer({ dataDir });
      try {
        const signUp = await page.request.post(`${trial.url}/api/auth/sign-up/email`, { data: { email, password: FOUNDER_PASSWORD, name: 'Valeria', termsAccepted: true } });
        expect(signUp.status()).toBe(200);
        expect((await page.request.post(`${trial.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } })).status()).toBe(200);
        expect((await page.request.put(`${trial.url}/api/metrics/weeks/${thisWeek.year}/${thisWeek.week}`, { data: workedWeek })).status()).toBe(200);
        await page.goto(`${trial.url}/subscription`);
        await waitForApp(page);
        await expect(page.getByRole('heading', { level: 1, name: s('title') })).toBeVisible();
        await expect(page.getByText(s('plan.trialDaysLeft_other').replace('{{count}}', '14'))).toBeVisible();
        await expect(page.getByRole('heading', { name: s('localProvider.title') })).toBeVisible();
        await expectAccessibleAtBothWidths(page, 'the trial');
      } finally {
        await trial.stop();
      }

      const ended = await startAppServer({ dataDir, env: { TRIAL_DAYS: '0' } });
      try {
        const m = (key: string) => text(language, 'metrics', key);
        await page.goto(`${ended.url}/metrics`);
        await waitForApp(page);
        const benchmarks = page.getByRole('region', { name: m('benchmarks.title') });
        await expect(benchmarks.getByText(m('upgrade.benchmarks.title'))).toBeVisible();
        await benchmarks.getByRole('link', { name: s('upgradePrompt.cta') }).click();
        await expect(page).toHaveURL(/\/subscription$/);
        const plan = page.getByRole('region', { name: s('plan.heading') });
        await expect(plan.getByText(s('plan.name.free'), { exact: true })).toBeVisible();
        await expect(page.getByText(s('upgrade.bonus').replace('{{points}}', '50'))).toBeVisible();

        // Upgrade: Premium at once, tier 2 unlocked, 50 points in the ledger.
        await page.getByRole('button', { name: new RegExp(`^${before(s('upgrade.monthly'))}`) }).first().click();
        await expect(page.getByText(s('upgrade.success'), { exact: true })).toBeVisible();
        await expect(plan.getByText(s('plan.name.monthly'))).toBeVisible();
        await expect(plan.getByText(s('plan.status.active'))).toBeVisible();
        await expect(page.getByText(s('upgrade.bonus').replace('{{points}}', '50'))).toHaveCount(0);
        await expectAccessibleAtBothWidths(page, 'Premium');
        await page.goto(`${ended.url}/metrics`);
        await waitForApp(page);
        await expect(page.getByRole('region', { name: m('benchmarks.title') })).toBeVisible();
        await expect(page.getByText(m('upgrade.benchmarks.title'))).toHaveCount(0);
        await page.goto(`${ended.url}/profile`);
        await waitForApp(page);
        // 10 for this week's numbers (decision 142), 50 for the upgrade.
        await expect(page.getByTestId('points-total')).toHaveText('60');
        const ledger = (await (await page.request.get(`${ended.url}/api/me/gamification`)).json()).ledger as { event: string; points: number }[];
        expect(ledger.filter((row) => row.event === 'upgrade-bonus')).toEqual([expect.objectContaining({ points: 50 })]);

        // A downgrade at the end of the period: Premium until the date shown.
        await page.getByRole('link', { name: text(language, 'profile', 'subscription.link') }).click();
        await expect(page).toHaveURL(/\/subscription$/);
        await page.getByRole('button', { name: s('manage.downgrade') }).click();
        const downgrade = page.getByRole('dialog', { name: s('end.downgrade.title') });
        const periodEnd = (await (await page.request.get(`${ended.url}/api/subscription`)).json()).periodEnd as string;
        const endDate = await shownDate(page, periodEnd, locale);
        await expect(downgrade.getByRole('radio', { name: s('end.periodEnd.label').replace('{{date}}', endDate) })).toBeChecked();
        await expectNoAxeViolations(page, 'the downgrade dialog');
        await downgrade.getByRole('button', { name: s('end.downgrade.confirm') }).click();
        await expect(page.getByText(s('end.downgrade.scheduled'), { exact: true })).toBeVisible();
        await expect(plan.getByText(s('plan.ends').replace('{{date}}', endDate))).toBeVisible();
        await expect(plan.getByText(s('plan.status.ending'))).toBeVisible();

        // Reactivated before that date, then cancelled at once.
        await page.getByRole('button', { name: s('manage.reactivate') }).click();
        await expect(page.getByText(s('manage.reactivated'), { exact: true })).toBeVisible();
        await expect(plan.getByText(s('plan.status.active'))).toBeVisible();
        await page.getByRole('button', { name: s('manage.cancel') }).click();
        const cancel = page.getByRole('dialog', { name: s('end.cancel.title') });
        await cancel.getByRole('radio', { name: s('end.now.label') }).check();
        await cancel.getByRole('button', { name: s('end.cancel.confirm') }).click();
        await expect(page.getByText(s('end.cancel.done'), { exact: true })).toBeVisible();
        await expect(plan.getByText(s('plan.name.free'), { exact: true })).toBeVisible();
        const history = page.getByRole('region', { name: s('history.heading') });
        await expect(history.getByRole('listitem')).toHaveCount(4);
        await expect(history.getByText(s('history.event.cancelNow'))).toBeVisible();
        await expectAccessibleAtBothWidths(page, 'Free after cancelling');

        // The danger zone, moved here: the account is deleted, and its address no longer opens it
        // (it answers as an address without an account would; decision 197 lets it sign up anew).
        const zone = page.getByRole('region', { name: s('dangerZone.title') });
        await zone.getByRole('button', { name: s('dangerZone.delete') }).click();
        const dialog = page.getByRole('dialog', { name: s('dangerZone.dialogTitle') });
        await dialog.getByLabel(s('dangerZone.confirmLabel')).fill(email);
        await dialog.getByRole('button', { name: s('dangerZone.confirm') }).click();
        await expect(page.getByText(s('dangerZone.deleted'), { exact: true })).toBeVisible();
        await expect(page).toHaveURL(/\/auth/);
        const signIn = await page.request.post(`${ended.url}/api/auth/sign-in/email`, { data: { email, password: FOUNDER_PASSWORD } });
        expect(signIn.status()).toBe(401);
      } finally {
        await ended.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
}

test('on /pricing, a signed-in founder in the trial sees their plan and upgrades from the Premium card', async ({ page }) => {
  const p = (key: string) => text('en', 'marketing', key);
  const s = (key: string) => text('en', 'subscription', key);
  await signUpFounder(page, { industry: 'Retail', teamSize: '1', startupPhase: 'mvp' });
  await page.goto('/pricing');
  await waitForApp(page);
  await expect(page.getByText(p('pricing.founder.current'))).toBeVisible();
  await expect(page.getByText(p('pricing.founder.trial_other').replace('{{count}}', '14'))).toBeVisible();
  await expect(page.getByRole('link', { name: p('pricing.free.cta') })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: p('pricing.billing.yearly') }).click();
  await page.getByRole('button', { name: p('pricing.founder.upgrade') }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByText(s('upgrade.success'), { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: s('plan.heading') }).getByText(s('plan.name.annual'))).toBeVisible();
  await page.goto('/pricing');
  await waitForApp(page);
  await page.getByRole('button', { name: p('pricing.billing.yearly') }).click();
  await expect(page.getByText(p('pricing.founder.current'))).toBeVisible();
  await expect(page.getByRole('link', { name: p('pricing.founder.manage') })).toBeVisible();
});

test('an admin reads a founder’s subscription and its history, without a way to change it', async ({ page, browser, baseURL }) => {
  const a = (key: string) => text('en', 'admin', `usersSection.subscription.${key}`);
  const founderContext = await browser.newContext({ baseURL });
  const founderPage = await founderContext.newPage();
  const { email } = await signUpFounder(founderPage, { industry: 'Retail', teamSize: '1', startupPhase: 'mvp' }, { email: uniqueEmail('admin-read') });
  expect((await founderPage.request.post('/api/subscription/upgrade', { data: { plan: 'annual' } })).status()).toBe(200);
  expect((await founderPage.request.post('/api/subscription/cancel', { data: { when: 'period-end' } })).status()).toBe(200);
  await founderContext.close();

  await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { email: 'e2e-admin@example.com' });
  await page.goto('/admin');
  await waitForApp(page);
  await page.getByLabel(text('en', 'admin', 'usersSection.search')).fill(email);
  await page.getByRole('button', { name: text('en', 'admin', 'usersSection.searchButton') }).click();
  await page.getByRole('button', { name: a('openLabel').replace('{{email}}', email) }).click();
  const dialog = page.getByRole('dialog', { name: a('title').replace('{{email}}', email) });
  await expect(dialog.getByText(a('plans.annual'), { exact: true })).toBeVisible();
  await expect(dialog.getByText(a('states.ending'), { exact: true })).toBeVisible();
  const history = dialog.getByRole('table', { name: a('history') });
  await expect(history.getByRole('row')).toHaveCount(3);
  await expect(history.getByRole('rowheader', { name: `${a('types.cancel')} · ${a('when.period-end')}` })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /upgrade|cancel|downgrade/i })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
