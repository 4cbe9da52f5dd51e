import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * A founder whose system asks for less motion gets toasts without fading in; the tests
 * browse that way too, so a check never catches a toast half-faded
 * (docs/decisions/120-e2e-without-flakes.md).
 */
const auth = (key: string) => text('en', 'auth', key);

test('with reduced motion asked for, a toast is fully shown the moment it appears', async ({ page, browser }) => {
  // Every context the tests open asks for it, including ones a test makes itself.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  expect(await otherPage.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  await other.close();

  await page.goto('/auth');
  await waitForApp(page);
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(uniqueEmail('motion'));
  await page.getByLabel(auth('fields.password'), { exact: true }).fill('not the right password');
  await page.getByRole('button', { name: auth('submit.signIn') }).click();

  const toast = page.locator('[data-sonner-toast]').first();
  await toast.waitFor({ state: 'attached' });
  // Read in the same task the toast first rendered in: nothing is left to animate.
  const shown = await toast.evaluate((element) => ({
    opacity: getComputedStyle(element).opacity,
    // The longest of its transitions, in seconds (the app shortens them to 0.01 ms).
    transition: Math.max(...getComputedStyle(element).transitionDuration.split(',').map((duration) => Number.parseFloat(duration))),
    running: element.getAnimations({ subtree: true }).filter((animation) => animation.playState === 'running').length,
  }));
  expect(shown.opacity).toBe('1');
  expect(shown.transition).toBeLessThan(0.001);
  expect(shown.running).toBe(0);
  await expect(toast).toContainText(auth('toast.signInError'));
});
