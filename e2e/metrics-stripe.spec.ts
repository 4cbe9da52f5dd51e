import { expect, test } from '@playwright/test';
import { formatWeek, isoWeekOf, isoWeekStart, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { type LoopbackStripe, mergeAccounts, startLoopbackStripe, subscriptionWithInvoices } from '../tests/integration/support/loopback-stripe-account.ts';
import { STRIPE_FAKE_PORT } from '../playwright.config.ts';
import { expectNoAxeViolations, signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

const weeksAgo = (offset: number) => weekFromIndex(weekIndex(isoWeekOf(new Date())) - offset);
const at = (offset: number, days = 0) => isoWeekStart(weeksAgo(offset)).getTime() / 1000 + days * 86_400;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
const t = (key: string) => text('es-LA', 'metrics', key);
const KEY = 'rk_test_51EndToEndReadOnlyKeyForTheFake';

let stripe: LoopbackStripe;
test.beforeAll(async () => {
  // Two customers: $100 a month from five weeks ago, $520 a year from three weeks ago.
  const now = Date.now() / 1000;
  stripe = await startLoopbackStripe(
    {
      [KEY]: mergeAccounts(
        subscriptionWithInvoices({ id: 'sub_monthly', customer: 'cus_1', amount: 10_000, start: at(5, 1), until: now }),
        subscriptionWithInvoices({ id: 'sub_yearly', customer: 'cus_2', amount: 52_000, interval: 'year', start: at(3, 2), until: now }),
      ),
    },
    STRIPE_FAKE_PORT,
  );
});
test.afterAll(() => stripe.close());

test('a founder imports their weeks from Stripe with a restricted key, in Spanish', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('rumbo_language', 'es-LA'));
  await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Valentina', email: uniqueEmail('stripe') });
  await page.goto('/metrics');
  await waitForApp(page);
  await page.getByRole('button', { name: t('actions.stripe') }).click();
  const dialog = page.getByRole('dialog', { name: t('stripe.title') });
  const key = dialog.getByLabel(t('stripe.key'));

  // A secret key is refused before it leaves the browser.
  const requestsBefore = stripe.requests.length;
  await key.fill('sk_live_51FullAccessSecretKeyOfTheAccount');
  await dialog.getByRole('button', { name: t('stripe.connect') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t('validation:metrics.stripeFullKey'));
  expect(stripe.requests).toHaveLength(requestsBefore);
  // A key Stripe does not know: Stripe's refusal, in words.
  await key.fill('rk_test_51MistypedOrDeletedRestrictedKey');
  await dialog.getByRole('button', { name: t('stripe.connect') }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t('validation:stripe.keyRejected'));
  await expectNoAxeViolations(page);

  await key.fill(KEY);
  await dialog.getByRole('button', { name: t('stripe.connect') }).click();
  await expect(dialog.getByText(fill(t('stripe.found'), { count: '5', first: formatWeek(weeksAgo(5)), last: formatWeek(weeksAgo(1)) }))).toBeVisible();
  const lastWeek = dialog.getByRole('row', { name: new RegExp(formatWeek(weeksAgo(1))) });
  await expect(lastWeek).toContainText('33,08');
  // No week recorded yet: Stripe's weeks need this week's costs, cash and users.
  await dialog.getByRole('button', { name: fill(t('stripe.save_other'), { count: '5' }) }).click();
  await expect(dialog.getByText(t('validation:metrics.required')).first()).toBeVisible();
  for (const [field, value] of Object.entries({ weeklyCosts: '9.000,00', marketingCosts: '2.000,00', cashBalance: '200.000,00', weeklyActiveUsers: '400' })) {
    await dialog.getByLabel(t(`fields.${field}`), { exact: true }).fill(value);
  }
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: fill(t('stripe.save_other'), { count: '5' }) }).click();
  await expect(page.getByText(fill(t('stripe.saved_other'), { count: '5' }))).toBeVisible();
  await expect(dialog.getByText(fill(t('stripe.syncedThrough'), { week: formatWeek(weeksAgo(1)) }))).toBeVisible();

  const weeks = (await (await page.request.get('/api/metrics/weeks')).json()) as Record<string, number>[];
  expect(weeks).toHaveLength(5);
  expect(weeks[0]).toMatchObject({ startingCustomers: 2, weeklyRevenue: 33.08, weeklyCosts: 9000, cashBalance: 200000 });
  // Disconnecting deletes the key; the weeks stay.
  await dialog.getByRole('button', { name: t('stripe.disconnect') }).click();
  await expect(page.getByText(t('stripe.disconnected'))).toBeVisible();
  await expect(dialog.getByLabel(t('stripe.key'))).toBeVisible();
  expect(await (await page.request.get('/api/metrics/weeks')).json()).toHaveLength(5);
});
