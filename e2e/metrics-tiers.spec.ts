import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { formatWeek, isoWeekOf, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { FOUNDER_PASSWORD, signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { theWeekOf, weekOf } from './support/weeks.ts';
import { waitForApp } from './support/ready.ts';

const t = (key: string) => text('en', 'metrics', key);
const plans = (key: string) => text('en', 'subscription', key);
const thisWeek = isoWeekOf(new Date());
const weekPath = `/api/metrics/weeks/${thisWeek.year}/${thisWeek.week}`;

test.describe('peer benchmarks, on a server whose snapshot refreshes every second', () => {
  // The real job (decision 046) on a fast schedule, so a day passes in a second.
  let fast: AppServer;
  test.beforeAll(async () => {
    fast = await startAppServer({ env: { BENCHMARK_SNAPSHOT_CRON: '* * * * * *' } });
  });
  test.afterAll(async () => {
    await fast?.stop();
  });

  test('with five peers in the same industry and phase, the founder sees which quarter they are in', async ({ browser }) => {
    const industry = `Benchtech ${Date.now()}`;
    for (let peer = 0; peer < 5; peer++) {
      const context = await browser.newContext({ baseURL: fast.url });
      const peerPage = await context.newPage();
      await signUpFounder(peerPage, { industry, teamSize: '1', startupPhase: 'scaling' }, { email: uniqueEmail('peer') });
      // Each peer earns less than the founder below.
      expect((await peerPage.request.put(`${fast.url}${weekPath}`, { data: { ...workedWeek, weeklyRevenue: 1000 + peer * 100 } })).status()).toBe(200);
      await context.close();
    }
    const founderContext = await browser.newContext({ baseURL: fast.url });
    const founder = await founderContext.newPage();
    await signUpFounder(founder, { industry, teamSize: '1', startupPhase: 'scaling' }, { email: uniqueEmail('ranked') });
    expect((await founder.request.put(`${fast.url}${weekPath}`, { data: { ...workedWeek, weeklyRevenue: 9000 } })).status()).toBe(200);
    // Until the next snapshot the founder's own week is not in it yet.
    await expect.poll(async () => (await (await founder.request.get(`${fast.url}/api/metrics/benchmarks`)).json()).reason, { timeout: 15_000 }).toBeNull();

    await founder.goto(`${fast.url}/metrics`);
    await waitForApp(founder);
    const panel = founder.getByRole('region', { name: t('benchmarks.title') });
    await expect(panel.getByText(t('benchmarks.scope.industry_other').replace('{{count}}', '5'), { exact: false })).toBeVisible();
    const mrr = panel.getByRole('listitem').filter({ hasText: t('metrics.mrr') });
    await expect(mrr).toContainText(t('benchmarks.band.top'));
    // No peer's figure reaches the page: only bands.
    await expect(panel.getByText('1,000')).toHaveCount(0);
    await expectNoAxeViolations(founder);
    await founderContext.close();
  });
});

test.describe('on the free tier, after the trial (TRIAL_DAYS=0)', () => {
  let free: AppServer;
  test.beforeAll(async () => {
    free = await startAppServer({ env: { TRIAL_DAYS: '0' } });
  });
  test.afterAll(async () => {
    await free?.stop();
  });

  test('benchmarks and CSV import offer the upgrade instead of failing', async ({ page }) => {
    const signUp = await page.request.post(`${free.url}/api/auth/sign-up/email`, {
      data: { email: uniqueEmail('free'), password: FOUNDER_PASSWORD, name: 'Lucía', termsAccepted: true },
    });
    expect(signUp.status()).toBe(200);
    await page.request.post(`${free.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    expect((await page.request.put(`${free.url}${weekPath}`, { data: workedWeek })).status()).toBe(200);

    await page.goto(`${free.url}/metrics`);
    await waitForApp(page);
    const panel = page.getByRole('region', { name: t('benchmarks.title') });
    await expect(panel.getByText(t('upgrade.benchmarks.title'))).toBeVisible();
    await expect(panel.getByRole('link', { name: plans('upgradePrompt.cta') })).toHaveAttribute('href', '/subscription');

    await page.getByRole('button', { name: t('actions.import') }).first().click();
    await expect(page.getByText(t('upgrade.import.title'))).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: plans('upgradePrompt.dismiss') }).click();
    await expect(page.getByText(t('upgrade.import.title'))).toHaveCount(0);
  });
});

test('after the trial, a week older than the last 4 is locked: editing or deleting it offers the upgrade, recent weeks stay editable', async ({ page }) => {
  // The founder records during the trial; a second server on the same data folder has no trial (TRIAL_DAYS=0),
  // as if the 14 days had passed. Same accounts, same sessions.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-trial-'));
  const old = weekFromIndex(weekIndex(thisWeek) - 6);
  const oldLabel = formatWeek(old);
  try {
    const trial = await startAppServer({ dataDir });
    try {
      const signUp = await page.request.post(`${trial.url}/api/auth/sign-up/email`, {
        data: { email: uniqueEmail('trial'), password: FOUNDER_PASSWORD, name: 'Lucía', termsAccepted: true },
      });
      expect(signUp.status()).toBe(200);
      await page.request.post(`${trial.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
      expect((await page.request.put(`${trial.url}/api/metrics/weeks/${old.year}/${old.week}`, { data: workedWeek })).status()).toBe(200);
      expect((await page.request.put(`${trial.url}${weekPath}`, { data: workedWeek })).status()).toBe(200);
    } finally {
      await trial.stop();
    }

    const ended = await startAppServer({ dataDir, env: { TRIAL_DAYS: '0' } });
    try {
      await page.goto(`${ended.url}/metrics`);
      await waitForApp(page);
      const oldRow = page.locator(`tr[data-week="${oldLabel}"]`);
      await expect(oldRow).toBeVisible();
      // The recent week opens for editing on the free tier.
      await expect(page.getByRole('button', { name: t('history.edit').replace('{{week}}', theWeekOf(thisWeek)) })).toBeVisible();

      await oldRow.getByRole('button', { name: t('history.editLocked').replace('{{week}}', theWeekOf(old)) }).click();
      await expect(page.getByText(t('upgrade.history.title'))).toBeVisible();
      await expect(page.getByRole('link', { name: plans('upgradePrompt.cta') }).first()).toHaveAttribute('href', '/subscription');
      await expect(page.getByLabel(`${t('fields.weeklyRevenue')}, ${weekOf(old)}`)).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: plans('upgradePrompt.dismiss') }).click();
      await expect(page.getByText(t('upgrade.history.title'))).toHaveCount(0);

      await oldRow.getByRole('button', { name: t('history.delete').replace('{{week}}', theWeekOf(old)) }).click();
      await expect(page.getByText(t('upgrade.history.title'))).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      // Nothing was changed behind the prompt.
      expect(((await (await page.request.get(`${ended.url}/api/metrics/weeks`)).json()) as unknown[]).length).toBe(2);
    } finally {
      await ended.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
