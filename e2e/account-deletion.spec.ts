import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { FOUNDER_PASSWORD, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** Account deletion (docs/product.md#account-states) from the profile's danger zone (decision 025). */
const profile = (key: string) => text('en', 'profile', key);
const auth = (key: string) => text('en', 'auth', key);

test('a founder deletes their account from /profile, is signed out, and cannot sign in again', async ({ page }) => {
  const { email } = await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Tomás' });
  await page.goto('/profile');
  const zone = page.getByRole('region', { name: profile('dangerZone.title') });
  await expect(zone).toBeVisible();
  await zone.getByRole('button', { name: profile('dangerZone.delete') }).click();

  const dialog = page.getByRole('dialog', { name: profile('dangerZone.dialogTitle') });
  const confirm = dialog.getByRole('button', { name: profile('dangerZone.confirm') });
  await dialog.getByLabel(profile('dangerZone.confirmLabel')).fill('someone-else@example.com');
  await expect(dialog.getByText(profile('dangerZone.mismatch'))).toBeVisible();
  await expect(confirm).toBeDisabled();
  await expectNoAxeViolations(page);

  await dialog.getByLabel(profile('dangerZone.confirmLabel')).fill(email);
  await confirm.click();
  await expect(page.getByText(profile('dangerZone.deleted'))).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();

  // The right password no longer signs in, and the page says why.
  await page.goto('/auth');
  await waitForApp(page);
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(auth('fields.password'), { exact: true }).fill(FOUNDER_PASSWORD);
  await page.getByRole('button', { name: auth('submit.signIn') }).click();
  await expect(page.getByText(auth('errors.accountDeleted'))).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await expectNoAxeViolations(page);
});
