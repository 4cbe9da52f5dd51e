import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';

/**
 * An admin can mark their own onboarding not completed and walk through it again
 * (docs/product.md#roles), with their answers prefilled. RUMBO_ADMIN_EMAILS in playwright.config.ts makes
 * e2e-admin-reset@example.com an admin; a founder never sees the button.
 */
test('an admin walks through onboarding again from the profile, answers kept', async ({ page }) => {
  await signUpFounder(page, { industry: 'Climate software' }, { email: 'e2e-admin-reset@example.com' });

  await page.goto('/profile');
  const reset = page.getByRole('button', { name: text('en', 'profile', 'admin.reset') });
  await expect(reset).toBeVisible();
  await expectNoAxeViolations(page);
  await reset.click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: text('en', 'onboarding', 'title') })).toBeVisible();
  // The guard now holds the admin at onboarding, as it does a new founder.
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('button', { name: text('en', 'onboarding', 'next') }).click();
  await expect(page.getByLabel(text('en', 'profile', 'fields.industry.label'), { exact: false })).toHaveValue('Climate software');

  // Walking through to the end completes it again: the welcome, then the app opens.
  await page.getByRole('button', { name: text('en', 'onboarding', 'next') }).click();
  await page.getByRole('button', { name: text('en', 'onboarding', 'next') }).click();
  await page.getByRole('button', { name: text('en', 'onboarding', 'finish') }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(text('en', 'onboarding', 'welcome.title').slice(0, 10)) })).toBeVisible();
  expect((await (await page.request.get('/api/me')).json()).onboardingCompleted).toBe(true);
  await page.goto('/overview');
  await expect(page).toHaveURL(/\/overview$/);
});

test('a founder has no reset button and the API refuses them', async ({ page }) => {
  await signUpFounder(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: text('en', 'profile', 'admin.reset') })).toHaveCount(0);
  expect((await page.request.post('/api/onboarding/reset')).status()).toBe(403);
});
