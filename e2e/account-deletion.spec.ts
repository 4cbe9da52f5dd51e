import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { FOUNDER_PASSWORD, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** Account deletion (docs/product.md#account-states) from the Subscription page’s danger zone (decisions 025 and 307: the account is erased). */
const subscription = (key: string) => text('en', 'subscription', key);
const auth = (key: string) => text('en', 'auth', key);

test('a founder deletes their account from /subscription, is signed out, and the old password opens nothing', async ({ page }) => {
  const { email } = await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Tomás' });
  await page.goto('/subscription');
  const zone = page.getByRole('region', { name: subscription('dangerZone.title') });
  await expect(zone).toBeVisible();
  await zone.getByRole('button', { name: subscription('dangerZone.delete') }).click();

  const dialog = page.getByRole('dialog', { name: subscription('dangerZone.dialogTitle') });
  const confirm = dialog.getByRole('button', { name: subscription('dangerZone.confirm') });
  await dialog.getByLabel(subscription('dangerZone.confirmLabel')).fill('someone-else@example.com');
  await expect(dialog.getByText(subscription('validation:account.emailMismatch'))).toBeVisible();
  await expect(confirm).toBeDisabled();
  await expectNoAxeViolations(page);

  await dialog.getByLabel(subscription('dangerZone.confirmLabel')).fill(email);
  await confirm.click();
  await expect(page.getByText(subscription('dangerZone.deleted'))).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  expect(await (await page.request.get('/api/auth/get-session')).json()).toBeNull();

  // The account is erased (decision 307): its old password signs in to nothing, as for an unknown address.
  await page.goto('/auth');
  await waitForApp(page);
  await page.getByLabel(auth('fields.email'), { exact: true }).fill(email);
  await page.getByLabel(auth('fields.password'), { exact: true }).fill(FOUNDER_PASSWORD);
  await page.getByRole('button', { name: auth('submit.signIn') }).click();
  await expect(page.getByText(auth('errors.signInFailed'))).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  await expectNoAxeViolations(page);
});
