import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';

/**
 * An admin views the app as a founder and comes back (docs/product.md#impersonation, decision 023).
 * RUMBO_ADMIN_EMAILS in playwright.config.ts makes e2e-admin-view-as@example.com an admin.
 */
const admin = (key: string) => text('en', 'admin', key);
const impersonation = (key: string) => text('en', 'impersonation', key);

test('an admin views the app as a founder from /admin, sees their Overview under a banner, and stops', async ({ page, browser }) => {
  // The founder signs up in a browser of their own.
  const founderContext = await browser.newContext();
  const founderPage = await founderContext.newPage();
  const { email: founderEmail } = await signUpFounder(founderPage, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Marisol', email: uniqueEmail('viewed') });
  // She reads Rumbo in Spanish; the admin, who never chose a language here, reads it in English.
  expect((await founderPage.request.patch('/api/me', { data: { preferredLanguage: 'es-LA' } })).status()).toBe(200);
  await founderContext.close();

  await signUpFounder(page, { industry: 'Software', teamSize: '2-5', startupPhase: 'scaling' }, { name: 'Ada', email: 'e2e-admin-view-as@example.com' });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 2, name: admin('usersSection.title') })).toBeVisible();
  await page.getByLabel(admin('usersSection.search'), { exact: true }).fill(founderEmail);
  await page.getByRole('button', { name: admin('usersSection.searchButton') }).click();
  const row = page.getByRole('row', { name: new RegExp(founderEmail) });
  await expect(row.getByRole('cell', { name: admin('usersSection.status.active') })).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('button', { name: admin('usersSection.viewAsLabel').replace('{{email}}', founderEmail) }).click();
  await expect(page.getByText(impersonation('toast.started'))).toBeVisible();
  await expect(page.getByText(impersonation('toast.startedDescription').replace('{{name}}', 'Marisol'))).toBeVisible();
  await expect(page).toHaveURL(/\/overview$/);
  // Her profile's language does not become the admin's.
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // The founder's Overview, greeting the founder, under the banner.
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'overview', 'greeting.named').replace('{{name}}', 'Marisol') })).toBeVisible();
  const banner = page.getByRole('region', { name: impersonation('label') });
  await expect(banner.getByRole('status')).toContainText(impersonation('banner').replace('{{email}}', founderEmail));
  // The admin's own navigation is gone: this is the founder's view.
  await expect(page.getByRole('link', { name: text('en', 'shell', 'nav.admin') })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The way back is the first thing the keyboard reaches.
  await page.keyboard.press('Tab');
  const stop = banner.getByRole('button', { name: impersonation('stop') });
  await expect(stop).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText(impersonation('toast.ended'))).toBeVisible();
  await expect(page.getByText(impersonation('toast.endedDescription').replace('{{name}}', 'Marisol'))).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveURL(/\/admin$/);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: admin('title') })).toBeVisible();
  const me = await (await page.request.get('/api/me')).json();
  expect(me).toMatchObject({ email: 'e2e-admin-view-as@example.com', role: 'admin' });
});
