import { expect, type Locator, type Page, test } from '@playwright/test';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { expectNoAxeViolations, FOUNDER_PASSWORD, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { waitForApp } from './support/ready.ts';

/** Guided tours (docs/weekly-rhythm.md#guided-tours) on a server that starts them by itself, as a deployment does by default. */
let server: AppServer;
const ADMINS = ['tours-admin-en@example.com', 'tours-admin-es@example.com'];
test.beforeAll(async () => {
  // The walk through every tour signs in as an admin of this server, for the admin area's tour.
  server = await startAppServer({ env: { GUIDED_TOURS_AUTOSTART: 'true', RUMBO_ADMIN_EMAILS: ADMINS.join(',') } });
});
test.afterAll(async () => {
  await server?.stop();
});

const tours = (key: string) => text('es-LA', 'tours', key);

async function spanishFounder(page: Page) {
  const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    data: { email: uniqueEmail('tour'), password: FOUNDER_PASSWORD, name: 'Valentina', termsAccepted: true },
  });
  expect(signUp.status()).toBe(200);
  const onboarding = await page.request.post(`${server.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '2-5', startupPhase: 'mvp' } });
  expect(onboarding.status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('rumbo_language', 'es-LA'));
}

const tourPopover = (page: Page) => page.getByRole('dialog', { name: tours('metrics.intro.title') });

test('the Metrics tour starts on the first visit in Spanish, is skipped, stays skipped on another visit, and replays from the help menu', async ({ page }) => {
  await spanishFounder(page);
  await page.goto(`${server.url}/metrics`);
  await waitForApp(page);

  const popover = tourPopover(page);
  await expect(popover).toBeVisible();
  await expect(popover).toContainText(tours('metrics.intro.body'));
  await expectNoAxeViolations(page, 'metrics tour (es-LA)');
  // No week recorded yet: the cards' step is left out, so the form's is the 2nd of 2.
  await expect(page.locator('.driver-popover-progress-text')).toHaveText(tours('progress').replace('{{current}}', '1').replace('{{total}}', '2'));
  await page.getByRole('button', { name: tours('next') }).click();
  await expect(page.getByRole('dialog', { name: tours('metrics.form.title') })).toBeVisible();
  await expect(page.locator('.driver-popover-progress-text')).toHaveText(tours('progress').replace('{{current}}', '2').replace('{{total}}', '2'));
  await page.getByRole('button', { name: tours('skip') }).click();
  await expect(page.locator('.driver-popover')).toHaveCount(0);

  // Remembered on the server: another visit (or device) does not start it again.
  const state = await (await page.request.get(`${server.url}/api/tours`)).json();
  expect(state.seen).toContain('metrics');
  await page.reload();
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.driver-popover')).toHaveCount(0);

  // Replayed from the help menu, by keyboard, and closed with Escape.
  await page.getByRole('button', { name: tours('help.label') }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: tours('help.tour') }).click();
  await expect(tourPopover(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('.driver-popover')).toHaveCount(0);
});

test('on a phone, the Overview tour fits the screen, and the tour of a page the founder already saw is only offered', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await spanishFounder(page);
  await page.request.put(`${server.url}/api/tours/overview`);
  await page.goto(`${server.url}/high-performance-tasks`);
  await waitForApp(page);
  const popover = page.getByRole('dialog', { name: tours('tasks.intro.title') });
  await expect(popover).toBeVisible();
  const box = await popover.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await expectNoAxeViolations(page, 'tasks tour, phone (es-LA)');
  await page.getByRole('button', { name: tours('skip') }).click();

  // Seen already: the Overview opens without a tour.
  await page.goto(`${server.url}/overview`);
  await waitForApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.driver-popover')).toHaveCount(0);
});

type Language = 'en' | 'es-LA';
/** One step as the founder should see it: its texts' key and, unless it is centred, the real control it highlights. */
type Step = { key: string; target?: Locator };

/**
 * Walks a tour that started by itself from its first step to Done: each step's title and
 * text in the founder's language, "n of N", and the highlighted element being the control
 * the step names (found by its role and accessible name, not by the tour's selector).
 */
async function walkTour(page: Page, language: Language, tour: string, steps: readonly Step[]) {
  const t = (key: string) => text(language, 'tours', key);
  for (const [index, step] of steps.entries()) {
    const popover = page.getByRole('dialog', { name: t(`${tour}.${step.key}.title`) });
    await expect(popover).toBeVisible();
    await expect(popover).toContainText(t(`${tour}.${step.key}.body`));
    await expect(popover.locator('.driver-popover-progress-text')).toHaveText(t('progress').replace('{{current}}', String(index + 1)).replace('{{total}}', String(steps.length)));
    if (step.target) {
      await expect(step.target).toHaveClass(/driver-active-element/);
      await expect(step.target).toBeInViewport();
    }
    // One open step with a highlighted control per tour is checked whole.
    if (index === 1) await expectNoAxeViolations(page, `${tour} tour, step 2 (${language})`);
    await popover.getByRole('button', { name: index === steps.length - 1 ? t('done') : t('next'), exact: true }).click();
  }
  await expect(page.locator('.driver-popover')).toHaveCount(0);
  expect((await (await page.request.get(`${server.url}/api/tours`)).json()).seen).toContain(tour);
}

/** Signs up and onboards an account (an admin when its address is in ADMINS) that reads the app in `language`. */
async function founderIn(page: Page, language: Language, email = uniqueEmail('tour')) {
  const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, { data: { email, password: FOUNDER_PASSWORD, name: 'Valentina', termsAccepted: true } });
  expect(signUp.status()).toBe(200);
  const onboarding = await page.request.post(`${server.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '2-5', startupPhase: 'mvp' } });
  expect(onboarding.status()).toBe(200);
  // RUMBO_ADMIN_EMAILS makes an account admin once its address is confirmed.
  if (ADMINS.includes(email)) {
    expect((await page.request.get(await linkFromOutbox(server.dataDir, email, 'confirm-email'))).ok()).toBe(true);
    expect((await (await page.request.get(`${server.url}/api/me`)).json()).role).toBe('admin');
  }
  await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
}

async function open(page: Page, path: string) {
  await page.goto(`${server.url}${path}`);
  await waitForApp(page);
}

// English on a laptop, Spanish on a phone: every new or extended tour, walked to the end.
for (const [language, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  const l = (namespace: string, key: string) => text(language, namespace, key);
  const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

  test(`the Reports, Runway scenarios and Referral tours point at their controls (${language})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await founderIn(page, language);
    // A recorded week, so the scenarios have a starting point; a code, so the list has one.
    const week = isoWeekOf(new Date());
    expect((await page.request.put(`${server.url}/api/metrics/weeks/${week.year}/${week.week}`, { data: workedWeek })).status()).toBe(200);
    expect((await page.request.post(`${server.url}/api/referrals`)).ok()).toBe(true);

    // A new founder's Reports: no update yet, so no list and no editor to point at.
    await open(page, '/reports');
    const periodForm = page.locator('form').filter({ has: page.getByRole('button', { name: l('reports', 'updates.draft') }) });
    await walkTour(page, language, 'reports', [{ key: 'intro' }, { key: 'period', target: periodForm }]);
    // Once an update is drafted and open, the tour replayed from the help menu shows the list and the editor too.
    await page.getByRole('button', { name: l('reports', 'updates.draft') }).click();
    const kpis = page.getByRole('region', { name: l('reports', 'updates.kpiCaption') });
    await expect(kpis).toBeVisible();
    await page.getByRole('button', { name: l('tours', 'help.label') }).click();
    await page.getByRole('menuitem', { name: l('tours', 'help.tour') }).click();
    const previous = page.locator('label').filter({ has: page.getByRole('combobox', { name: l('reports', 'updates.previousUpdates') }) });
    // The update's own actions: save, copy, PDF, share.
    const actions = page.getByRole('button', { name: l('reports', 'updates.save'), exact: true }).locator('..');
    await walkTour(page, language, 'reports', [{ key: 'intro' }, { key: 'period', target: periodForm }, { key: 'previous', target: previous }, { key: 'editor', target: actions }]);

    await open(page, '/metrics/scenarios');
    const baseline = page.getByTestId('starts-from').locator('..');
    const addScenario = page.getByRole('button', { name: l('reports', 'scenarios.add') });
    // The cards side by side: the element that holds them.
    const cards = page.getByTestId('scenario').first().locator('..');
    await walkTour(page, language, 'scenarios', [{ key: 'intro' }, { key: 'baseline', target: baseline }, { key: 'cards', target: cards }, { key: 'add', target: addScenario }]);

    await open(page, '/referral');
    const create = page.getByRole('button', { name: l('referrals', 'create') });
    const firstCode = page.getByRole('list', { name: l('referrals', 'listLabel') }).getByRole('listitem').first();
    await walkTour(page, language, 'referral', [{ key: 'intro' }, { key: 'create', target: create }, { key: 'code', target: firstCode }]);
  });

  test(`the Community, Subscription and Admin tours point at their controls (${language})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await founderIn(page, language, ADMINS[language === 'en' ? 0 : 1]);

    await open(page, '/community');
    await walkTour(page, language, 'community', [
      { key: 'intro' },
      { key: 'achievements', target: region(page, l('community', 'achievements.title')) },
      { key: 'visibility', target: region(page, l('community', 'visibility.title')) },
      { key: 'leaderboard', target: region(page, l('community', 'leaderboard.title')) },
      { key: 'chat', target: region(page, l('community', 'chat.title')) },
      { key: 'feed', target: region(page, l('community', 'feed.title')) },
    ]);

    // In the trial: no paid plan to manage, so Upgrade; the local provider keeps the history of changes.
    await open(page, '/subscription');
    await walkTour(page, language, 'subscription', [
      { key: 'intro' },
      { key: 'plan', target: region(page, l('subscription', 'plan.heading')) },
      { key: 'stretches', target: region(page, l('subscription', 'stretches.heading')) },
      { key: 'upgrade', target: region(page, l('subscription', 'upgrade.heading')) },
      { key: 'history', target: region(page, l('subscription', 'history.heading')) },
      { key: 'leave', target: region(page, l('subscription', 'dangerZone.title')) },
    ]);

    await open(page, '/admin');
    const admin = (key: string) => l('admin', key);
    await walkTour(page, language, 'admin', [
      { key: 'intro' },
      { key: 'sections', target: page.getByRole('navigation', { name: admin('sections.label') }) },
      { key: 'users', target: page.getByRole('searchbox', { name: admin('usersSection.search') }) },
      { key: 'invites', target: region(page, admin('operations.invites.title')) },
    ]);
  });
}
