import { expect, type Page, test } from '@playwright/test';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { expectNoAxeViolations, FOUNDER_PASSWORD, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** Guided tours (docs/weekly-rhythm.md#guided-tours) on a server that starts them by itself, as a deployment does by default. */
let server: AppServer;
test.beforeAll(async () => {
  server = await startAppServer({ env: { GUIDED_TOURS_AUTOSTART: 'true' } });
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
