import { expect, type Page, test } from '@playwright/test';
import type { ErrorBody } from '../src/core/errors/error-codes.ts';
import { isoWeekOf, previousWeek } from '../src/core/metrics/iso-week.ts';
import { TARGETS } from '../src/core/metrics/targets.ts';
import type { ApiAnswer, ApiRoute } from '../src/web/lib/api-routes.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { openFromTheApp } from './support/ready.ts';

/*
 * The Overview's cards read endpoints other features serve (docs/product.md#api);
 * their shapes are served here through page.route to see every card light up at
 * once, and a failing endpoint to see its card say so.
 */
const t = (namespace: string, key: string) => text('en', namespace, key);

const onboardedFounder = (page: Page) =>
  signUpFounder(page, { nickname: 'Teo', startupName: 'Cosecha', industry: 'Agtech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Mateo', email: uniqueEmail('overview') });

// Typed as the routes answer: a change to an answer's type breaks these fakes at the typecheck.
const summary: ApiAnswer<'GET /api/metrics/summary'> = {
  latest: {
    ...{ year: 2026, week: 46, cac: 200, ndr: 1.1, mrr: 21666.67, weeklyRecurringRevenue: 5000, weeklyBurnRate: 4000, runwayWeeks: 50, churnRate: 0.05, ltv: 828.3, arpc: 206.35, activeUsers: 300, cashBalance: 200000, paybackWeeks: 5.25, ltvToCac: 4.14 },
    ...{ ndrConfidence: 'measured', arr: 260000, runwayStatus: 'burning', monthlyChurnRate: null, revenueChurnRate: null, dailyActiveUsers: null, monthlyActiveUsers: null },
    ...{ grossMargin: null, withoutMargin: false, endingCustomers: 105, revenueGrowth: null, userGrowth: null, burnMultiple: null, quickRatio: null },
  },
  statuses: { runwayWeeks: 'on', churnRate: 'off', ndr: 'on', ltvToCac: 'near', paybackWeeks: 'on', revenueGrowth: null, userGrowth: null },
  needsWeeks: {},
  series: [],
  targets: TARGETS,
};
const openTask = {
  ...{ whyRelevant: 'It moves the metric the card shows.', targetValue: 1, impact: 5, confidence: 5, ease: 5, maximaIndex: null, dueDate: null, completionNotes: null, outcome: null },
  ...{ metricValueAtCreation: null, metricValueAtCompletion: null, createdAt: '2026-11-09T10:00:00.000Z', updatedAt: '2026-11-09T10:00:00.000Z', completedAt: null },
} as const;
const tasks: ApiAnswer<'GET /api/tasks'> = [
  { ...openTask, id: 'a', hypothesis: 'Onboarding calls cut churn below 0.7%', metric: 'churnRate', iceTotal: 3.2, status: 'active' },
  { ...openTask, id: 'b', hypothesis: 'A referral bonus lowers CAC by a third', metric: 'cac', iceTotal: 5.6, status: 'active' },
];

const savedStrategy: ApiAnswer<'GET /api/strategy'> = { coreProblem: 'x', maximas: ['y'], statement: 'Win Andean coffee co-ops by paying them in 48 hours.', version: 3, restoredFrom: null, savedAt: '2026-11-09T10:00:00.000Z' };
const points: ApiAnswer<'GET /api/me/gamification'> = {
  ...{ points: 120, level: 2, pointsIntoLevel: 20, pointsToNextLevel: 80, streak: 4, longestStreak: 4 },
  ...{ badges: [{ key: 'goal-setter', unlockedAt: '2026-11-09T10:00:00.000Z' }], achievements: [], newBadges: [], ledger: [] },
};
const failure = (code: ErrorBody['error']['code'], message: string): ErrorBody => ({ error: { code, message } });

/** Serves a route's answer (typed by the route table) or a refusal at one path. */
function serve<R extends ApiRoute>(page: Page, _route: R, path: string, status: number, body: ApiAnswer<R> | ErrorBody) {
  return page.route(`**${path}`, (route) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }));
}

test('with no data yet, every card says what to do next', async ({ page }) => {
  await onboardedFounder(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Teo' })).toBeVisible();
  await expect(page.getByText(`Cosecha · ${t('profile', 'options.phase.mvp')}`)).toBeVisible();
  await expect(page.getByRole('region', { name: t('overview', 'tasks.title') }).getByText(t('overview', 'tasks.empty'))).toBeVisible();
  await expect(page.getByRole('region', { name: t('overview', 'strategy.title') }).getByText(t('overview', 'strategy.empty'))).toBeVisible();
  await expect(page.getByRole('region', { name: t('overview', 'achievements.overviewTitle') }).getByText(t('overview', 'achievements.empty'))).toBeVisible();
  await expectNoAxeViolations(page, 'overview, empty, 375 px');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, 'overview, empty, 375 px, dark');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: t('profile', 'title') })).toBeVisible();
  await expectNoAxeViolations(page, 'profile, 375 px, dark');
});

test("lights up with the API's data: metrics against targets, tasks by ICE, strategy, progress", async ({ page }) => {
  await onboardedFounder(page);
  await serve(page, 'GET /api/metrics/summary', '/api/metrics/summary?range=12w', 200, summary);
  await serve(page, 'GET /api/tasks', '/api/tasks?status=active', 200, tasks);
  await serve(page, 'GET /api/strategy', '/api/strategy', 200, savedStrategy);
  await serve(page, 'GET /api/me/gamification', '/api/me/gamification', 200, points);
  await openFromTheApp(page, '/overview');

  // Nothing is missing, so no next-best-action list.
  await expect(page.getByRole('region', { name: t('overview', 'metrics.title') }).getByText('$21,667')).toBeVisible();
  await expect(page.getByRole('region', { name: t('overview', 'next.title') })).toHaveCount(0);
  const metrics = page.getByRole('region', { name: t('overview', 'metrics.title') });
  // 2026-W46 is named by its Monday, as the Metrics page names it.
  await expect(metrics.getByText(t('overview', 'metrics.week').replace('{{date}}', '9 Nov 2026'))).toBeVisible();
  // Targets read as on Metrics, from the app's own rule: units, signs and marks alike.
  await expect(metrics.getByText(`${t('overview', 'metrics.status.on')} · > 40 weeks`)).toBeVisible(); // runway 50
  await expect(metrics.getByText(`${t('overview', 'metrics.status.off')} · < 0.7%`)).toBeVisible(); // churn 5 %
  await expect(metrics.getByText(`${t('overview', 'metrics.status.near')} · > 5 : 1`)).toBeVisible(); // LTV:CAC 4.1
  await expect(metrics.getByText('4.1 : 1', { exact: true })).toBeVisible();
  const taskItems = page.getByRole('region', { name: t('overview', 'tasks.title') }).getByRole('listitem');
  await expect(taskItems.first()).toContainText('ICE 5.6');
  await expect(taskItems.first()).toContainText('A referral bonus lowers CAC');
  await expect(taskItems.nth(1)).toContainText('ICE 3.2');
  await expect(page.getByText('Win Andean coffee co-ops by paying them in 48 hours.')).toBeVisible();
  const progress = page.getByRole('region', { name: t('overview', 'achievements.overviewTitle') });
  await expect(progress.getByText('120')).toBeVisible();
  await expect(progress.getByTestId('overview-level')).toHaveText('2');
  await expect(progress.getByText('4 days')).toBeVisible();
  // The achievements unlocked, by name.
  const unlocked = progress.getByRole('list', { name: t('overview', 'achievements.unlocked') });
  await expect(unlocked.getByRole('listitem')).toHaveText([text('en', 'gamification', 'achievements.goal-setter.name')]);
  await expectNoAxeViolations(page, 'overview, with data');
});

test('in Spanish, the numbers use the Spanish marks, as Metrics writes them, and the status says "meta"', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('rumbo_language', 'es-LA'));
  await onboardedFounder(page);
  await serve(page, 'GET /api/metrics/summary', '/api/metrics/summary?range=12w', 200, summary);
  await openFromTheApp(page, '/overview');
  const metrics = page.getByRole('region', { name: text('es-LA', 'overview', 'metrics.title') });
  const es = (key: string) => text('es-LA', 'overview', key);
  await expect(metrics.getByText(`${es('metrics.status.off')} · < 0,7 %`)).toBeVisible();
  await expect(metrics.getByText(`${es('metrics.status.on')} · > 40 semanas`)).toBeVisible();
  await expect(metrics.getByText(`${es('metrics.status.on')} · > 104 %`)).toBeVisible();
  await expect(metrics.getByText('4,1 : 1', { exact: true })).toBeVisible();
  expect(es('metrics.status.on')).toBe('En meta');
});

test('while a card loads it shows a skeleton, then its content', async ({ page }) => {
  await onboardedFounder(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/me/gamification', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/overview');
  const progress = page.getByRole('region', { name: t('overview', 'achievements.overviewTitle') });
  await expect(progress).toHaveAttribute('aria-busy', 'true');
  await expect(progress.getByRole('status')).toHaveText(t('overview', 'card.loading'));
  await expectNoAxeViolations(page, 'overview, loading');
  release();
  await expect(progress).toHaveAttribute('aria-busy', 'false');
  await expect(progress.getByText(t('overview', 'achievements.empty'))).toBeVisible();
});

test('an endpoint answering 404 is an error with a retry, not an empty card', async ({ page }) => {
  await onboardedFounder(page);
  await serve(page, 'GET /api/tasks', '/api/tasks?status=active', 404, failure('NOT_FOUND', 'Not found'));
  await openFromTheApp(page, '/overview');
  const tasksCard = page.getByRole('region', { name: t('overview', 'tasks.title') });
  await expect(tasksCard.getByText(t('overview', 'card.error'))).toBeVisible({ timeout: 20_000 });
  await expect(tasksCard.getByText(t('overview', 'tasks.empty'))).toHaveCount(0);
  await expect(tasksCard.getByRole('button', { name: t('overview', 'card.retry') })).toBeVisible();
  // Nor is a task called missing among the next best actions.
  await expect(page.getByRole('region', { name: t('overview', 'next.title') }).getByRole('link', { name: new RegExp(t('overview', 'next.actions.task.label')) })).toHaveCount(0);
});

test('with real numbers, agrees with the dashboard: a startup not burning cash is on target for runway', async ({ page }) => {
  await onboardedFounder(page);
  const week = isoWeekOf(new Date());
  // Revenue of 10,000 against costs of 9,000: no burn, so no runway to count down.
  const saved = await page.request.put(`/api/metrics/weeks/${week.year}/${week.week}`, { data: { ...workedWeek, weeklyRevenue: 10_000 } });
  expect(saved.status()).toBe(200);
  await page.goto('/overview');
  const metrics = page.getByRole('region', { name: t('overview', 'metrics.title') });
  const runway = metrics.getByText(t('overview', 'metrics.names.runwayWeeks')).locator('..');
  await expect(runway).toContainText(t('overview', 'metrics.notBurning'));
  await expect(runway).toContainText(`${t('overview', 'metrics.status.on')} · > 40`);
});

for (const language of ['en', 'es-LA'] as const) {
  test(`says what changed this week and the trial's days left (${language}, 390 px)`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await onboardedFounder(page);
    await page.setViewportSize({ width: 390, height: 844 });
    const week = isoWeekOf(new Date());
    const before = previousWeek(week);
    // Revenue up from 5,000 to 5,500 a week: MRR better than last week.
    for (const [key, weeklyRevenue] of [[before, 5000], [week, 5500]] as const) {
      expect((await page.request.put(`/api/metrics/weeks/${key.year}/${key.week}`, { data: { ...workedWeek, weeklyRevenue } })).status()).toBe(200);
    }
    await page.goto('/overview');
    const l = (namespace: string, key: string) => text(language, namespace, key);
    // A new founder is in the 14-day trial: 14 days left, linked to the plan.
    await expect(page.getByRole('link', { name: l('overview', 'trial.daysLeft_other').replace('{{count}}', '14') })).toHaveAttribute('href', '/subscription');
    const mrr = page.getByRole('region', { name: l('overview', 'metrics.title') }).locator('[data-metric="mrr"]');
    const change = mrr.locator('[data-change="1"]');
    await expect(change).toHaveAttribute('data-tone', 'good');
    await expect(change).toContainText(l('metrics', 'change.span1'));
    await expect(change).toContainText('+10');
    await expectNoAxeViolations(page, `overview, week's change, ${language}, 390 px`);
  });
}

test('a card whose endpoint fails says so and retries', async ({ page }) => {
  await onboardedFounder(page);
  let calls = 0;
  await page.route('**/api/strategy', (route) => {
    calls += 1;
    return calls <= 3
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify(failure('INTERNAL', 'An error occurred. Please try again.')) })
      : route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ ...savedStrategy, statement: 'Own the corner-shop reorder.', maximas: [], version: 1 } satisfies ApiAnswer<'GET /api/strategy'>) });
  });
  await openFromTheApp(page, '/overview');
  const strategy = page.getByRole('region', { name: t('overview', 'strategy.title') });
  await expect(strategy.getByText(t('overview', 'card.error'))).toBeVisible({ timeout: 20_000 });
  await strategy.getByRole('button', { name: t('overview', 'card.retry') }).click();
  await expect(strategy.getByText('Own the corner-shop reorder.')).toBeVisible();
});
