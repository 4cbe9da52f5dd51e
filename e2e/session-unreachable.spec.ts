import { expect, test } from '@playwright/test';
import { signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForApp } from './support/ready.ts';

/**
 * A session that cannot be read (the server busy, the network gone) is not a signed-out
 * one: the founder stays on the page they opened and is back as soon as the server answers
 * (docs/decisions/232-session-unreachable.md).
 */
for (const [language, viewport] of [
  ['en', { width: 1280, height: 800 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  const t = (key: string) => text(language, 'session', key);

  test(`the server cannot be reached: the page says so, keeps its address, and comes back by itself (${language}, ${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signUpFounder(page, {}, { email: uniqueEmail('unreachable') });
    let refused = 0;
    await page.route('**/api/auth/get-session*', async (route) => {
      refused++;
      await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Service unavailable' } }) });
    });
    await page.goto('/community');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: t('unreachable.title') })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(t('unreachable.description'));
    await expect(page).toHaveURL(/\/community$/);
    await expectNoAxeViolations(page);

    // It asks again by itself; the button asks now.
    await expect.poll(() => refused).toBeGreaterThan(1);
    await page.unroute('**/api/auth/get-session*');
    await page.getByRole('button', { name: t('unreachable.retry') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text(language, 'community', 'title') })).toBeVisible();
    await expect(page).toHaveURL(/\/community$/);
  });
}

test('a 401 still means signed out: the founder goes to sign in', async ({ page }) => {
  await page.goto('/community');
  await waitForApp(page);
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fcommunity$/);
});
