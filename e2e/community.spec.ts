import { expect, test } from '@playwright/test';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { FOUNDER_PASSWORD, signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

const task = { hypothesis: 'Weekly demos lift trial conversion', whyRelevant: 'Conversion is flat', targetValue: 20, metric: 'runwayWeeks', impact: 7, confidence: 5, ease: 8 };
const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replace(`{{${key}}}`, String(value)), template);

/**
 * A server of its own on a port beside the suite's: in a full run, other specs' founders earn
 * points this week too, and enough of them push this founder out of the top 50.
 */
const OWN_PORT = Number(process.env.E2E_PORT ?? 3999) + 3;
test.describe('on a server of its own', () => {
  test.use({ baseURL: `http://localhost:${OWN_PORT}` });
  let own: AppServer;
  test.beforeAll(async () => {
    own = await startAppServer({ port: OWN_PORT });
  });
  test.afterAll(async () => {
    await own?.stop();
  });

  for (const [language, viewport] of [
    ['en', { width: 1280, height: 800 }],
    ['es-LA', { width: 390, height: 844 }],
  ] as const) {
    const t = (key: string) => text(language, 'community', key);
    test(`/achievements leads to the community: ledger, achievements, visibility and the leaderboard's own rank (${language}, ${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
      // In the trial: tier-2 features are open.
      await signUpFounder(page, { startupPhase: 'mvp' }, { email: uniqueEmail('community') });
      expect((await page.request.post('/api/tasks', { data: task })).status()).toBe(201);

      await page.goto('/achievements');
      await waitForApp(page);
      await expect(page).toHaveURL(/\/community$/);
      await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
      const ledger = page.getByRole('region', { name: t('ledger.title') });
      await expect(ledger.getByText(t('ledger.events.task-created'))).toBeVisible();
      await expect(page.getByRole('region', { name: t('achievements.title') }).getByText(fill(t('achievements.progress'), { progress: 1, target: 5 })).first()).toBeVisible();

      const board = page.getByRole('region', { name: t('leaderboard.title') });
      const ownRank = fill(t('leaderboard.ownRank_other'), { count: 10 }).replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{{rank}}', '\\d+');
      await expect(board.getByTestId('own-rank')).toHaveText(new RegExp(`^${ownRank}$`));
      await expect(board.getByTestId('leaderboard').getByText(t('member.you'))).toBeVisible();
      await expectNoAxeViolations(page);

      // Hidden: off the board at once, the founder still sees their points.
      await page.getByRole('radio', { name: new RegExp(t('visibility.hidden.label')) }).check();
      await expect(board.getByTestId('own-rank')).toHaveText(fill(t('leaderboard.noRank_other'), { count: 10 }));
      await expect(board.getByTestId('leaderboard').getByText(t('member.you'))).toHaveCount(0);
    });
  }
});

test.describe('on the free tier (TRIAL_DAYS=0)', () => {
  let free: AppServer;
  test.beforeAll(async () => {
    free = await startAppServer({ env: { TRIAL_DAYS: '0' } });
  });
  test.afterAll(async () => {
    await free?.stop();
  });

  test('leaderboards, comparisons and chat show a blurred preview or the upgrade prompt; public is locked', async ({ page }) => {
    const t = (key: string) => text('en', 'community', key);
    const signUp = await page.request.post(`${free.url}/api/auth/sign-up/email`, {
      data: { email: uniqueEmail('free'), password: FOUNDER_PASSWORD, name: 'Lucía', termsAccepted: true },
    });
    expect(signUp.status()).toBe(200);
    await page.request.post(`${free.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    await page.goto(`${free.url}/community`);
    await waitForApp(page);
    const board = page.getByRole('region', { name: t('leaderboard.title') });
    await expect(board.getByText(t('leaderboard.upgradeTitle'))).toBeVisible();
    await expect(board.getByTestId('leaderboard-preview')).toHaveClass(/blur/);
    await expect(board.getByRole('link', { name: text('en', 'subscription', 'upgradePrompt.cta') })).toHaveAttribute('href', '/subscription');
    await expect(page.getByRole('region', { name: t('comparisons.title') }).getByText(t('comparisons.upgradeTitle'))).toBeVisible();
    await expect(page.getByRole('region', { name: t('chat.title') }).getByText(t('chat.upgradeTitle'))).toBeVisible();
    await expect(page.getByRole('radio', { name: new RegExp(t('visibility.public.label')) })).toBeDisabled();
    // The server refuses it too.
    expect((await page.request.put(`${free.url}/api/community/visibility`, { data: { visibility: 'public' } })).status()).toBe(403);
    await expectNoAxeViolations(page);

    // The weekly insights are Premium too: once there is a week, the Overview offers them.
    const week = isoWeekOf(new Date());
    expect((await page.request.put(`${free.url}/api/metrics/weeks/${week.year}/${week.week}`, { data: workedWeek })).status()).toBe(200);
    await page.goto(`${free.url}/overview`);
    await waitForApp(page);
    await expect(page.getByText(text('en', 'overview', 'insights.upgradeTitle'))).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
