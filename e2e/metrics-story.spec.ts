import { expect, type Page, test } from '@playwright/test';
import { cashOutDate } from '../src/core/metrics/cash-out.ts';
import { formatWeek, isoWeekOf, isoWeekStart, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { formatDay, weekStartDay } from '../src/core/metrics/week-label.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signUpFounder as signUpOnboarded, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { theWeekOf, weekOf } from './support/weeks.ts';
import { openFromTheApp } from './support/ready.ts';

/*
 * The week's story on the dashboard, recording a past week from the history, and a
 * currency changed with a conversion (docs/metrics.md; decisions 112–115).
 */
type Language = 'en' | 'es-LA';
const weeksAgo = (offset: number) => weekFromIndex(weekIndex(isoWeekOf(new Date())) - offset);
const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replaceAll(`{{${key}}}`, String(value)), template);
const t = (key: string, language: Language = 'en') => text(language, 'metrics', key);

async function signUpFounder(page: Page, language: Language, answers: Record<string, string> = {}) {
  await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
  await signUpOnboarded(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp', ...answers }, { name: 'Lucía', email: uniqueEmail('story') });
}

/** Weeks `offset` weeks ago, each the worked week with `change(index)` applied, oldest first. */
async function recordWeeks(page: Page, offsets: number[], change: (index: number) => Record<string, number> = () => ({})) {
  for (const [index, offset] of offsets.entries()) {
    const key = weeksAgo(offset);
    const response = await page.request.put(`/api/metrics/weeks/${key.year}/${key.week}`, { data: { ...workedWeek, ...change(index) } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

test('a founder with some weeks sees changes, sparklines, the MRR movements chart and the cash-out date, with dates instead of ISO weeks', async ({ page }) => {
  await signUpFounder(page, 'en');
  // Five weeks in a row: revenue 4,000 → 5,000 (up: good), cash falling (down: bad), churn falling (down: good).
  await recordWeeks(page, [4, 3, 2, 1, 0], (index) => ({
    startingRevenue: 3900 + index * 200,
    weeklyRevenue: [4000, 4200, 4400, 4600, 5000][index]!,
    cashBalance: 240_000 - index * 10_000,
    lostCustomers: 9 - index * 2,
  }));
  await page.goto('/metrics');
  const cards = page.getByRole('list', { name: t('cards.label') });
  await expect(cards).toBeVisible();
  await expect(page.getByText(fill(t('cards.asOf'), { week: weekStartDay(weeksAgo(0), 'en') }))).toBeVisible();

  // MRR: +8.7 % on last week (4,600 → 5,000), +25 % on 4 weeks ago (4,000 → 5,000), both better.
  const mrr = cards.locator('[data-metric=mrr]');
  const mrrWeek = mrr.locator('[data-change="1"]');
  await expect(mrrWeek).toHaveAttribute('data-tone', 'good');
  await expect(mrrWeek).toContainText(`+8.7% ${t('change.span1')}`);
  await expect(mrrWeek).toContainText(t('change.verdict.good'));
  await expect(mrr.locator('[data-change="4"]')).toContainText(`+25% ${t('change.span4')}`);
  await expect(mrr.getByTestId('sparkline')).toBeVisible();
  // Cash went down: worse. Churn went down: better, though the number fell.
  await expect(cards.locator('[data-metric=cashBalance] [data-change="1"]')).toHaveAttribute('data-tone', 'bad');
  const churn = cards.locator('[data-metric=churnRate] [data-change="1"]');
  await expect(churn).toHaveAttribute('data-tone', 'good');
  await expect(churn).toContainText('-');
  await expect(churn).toContainText(t('change.verdict.good'));
  // Every card has its 12 weeks but revenue growth, which has no value before 8 weeks in a row.
  await expect(cards.getByTestId('sparkline')).toHaveCount(14);
  await expect(cards.locator('[data-metric=revenueGrowth]').getByTestId('sparkline')).toHaveCount(0);

  // Runway comes with the day the cash runs out.
  const { latest } = (await (await page.request.get('/api/metrics/summary')).json()) as { latest: { year: number; week: number; runwayWeeks: number } };
  const cashOut = cashOutDate(latest, latest.runwayWeeks)!;
  await expect(cards.locator('[data-metric=runwayWeeks]').getByTestId('cash-out')).toHaveText(fill(t('cards.cashOut'), { date: formatDay(cashOut.date, 'en') }));

  // MRR movements by week, then by month; the same figures as a table for screen readers.
  // The charts are drawn as they come near the screen (decision 231): the founder scrolls down to them.
  await page.locator('#week-form').scrollIntoViewIfNeeded();
  const movements = page.getByRole('region', { name: t('movements.title') });
  await expect(movements.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(movements.getByText(fill(t('movements.caption'), { period: theWeekOf(weeksAgo(0)), net: '+$1,300' }))).toBeVisible();
  await movements.getByRole('button', { name: t('movements.by.month') }).click();
  await expect(movements.getByRole('button', { name: t('movements.by.month') })).toHaveAttribute('aria-pressed', 'true');
  await expect(movements.getByRole('table')).toContainText(t('movements.series.net'));

  // The history reads date, revenue, customers, cash…, money in the currency to the cent.
  const history = page.getByRole('region', { name: t('history.scroll') });
  const headers = await history.getByRole('columnheader').allInnerTexts();
  expect(headers.slice(0, 5)).toEqual([t('history.week'), t('fields.weeklyRevenue'), t('fields.startingCustomers'), t('fields.newCustomers'), t('fields.lostCustomers')]);
  const row = history.locator(`tr[data-week="${formatWeek(weeksAgo(0))}"]`);
  await expect(row.getByRole('rowheader')).toHaveText(weekStartDay(weeksAgo(0), 'en'));
  await expect(row).toContainText('$5,000.00');
  await expect(row).toContainText('$200,000.00');
  // ISO weeks stay in the CSV and the API, not on the page.
  await expect(page.getByText(formatWeek(weeksAgo(0)))).toHaveCount(0);
  await expectNoAxeViolations(page, 'metrics story, desktop, light');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(movements.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // Nothing but the history table's own scroll area is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, 'metrics story, 390 px, dark');
});

test('a founder with 4 weeks sees NDR grey with how many weeks it still needs, on Metrics and the Overview (es-LA)', async ({ page }) => {
  await signUpFounder(page, 'es-LA');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await recordWeeks(page, [3, 2, 1, 0]);
  await page.goto('/metrics');
  const ndr = page.getByRole('list', { name: t('cards.label', 'es-LA') }).locator('[data-metric=ndr]');
  // NDR annualised from 4 weeks is 292 %, "on target" by its number: it needs 13 weeks with revenue first.
  await expect(ndr).toHaveAttribute('data-pending', 'true');
  await expect(ndr).toContainText(fill(t('cards.needsWeeks_other', 'es-LA'), { count: 9 }));
  await expect(ndr).not.toContainText(t('status.on', 'es-LA'));
  // Metrics with their history keep their badge.
  await expect(page.locator('[data-metric=runwayWeeks]')).toContainText(t('status.on', 'es-LA'));
  await expectNoAxeViolations(page, 'metrics, 4 weeks, es-LA, 390 px, dark');

  await page.goto('/overview');
  const overviewNdr = page.getByRole('region', { name: text('es-LA', 'overview', 'metrics.title') }).locator('[data-metric=ndr]');
  await expect(overviewNdr).toContainText(fill(text('es-LA', 'overview', 'metrics.needsWeeks_other'), { count: 9 }));
  await expect(overviewNdr).not.toContainText(text('es-LA', 'overview', 'metrics.status.on'));
});

test('records a past week from the history; a future day is refused, and a tier-1 founder is offered the upgrade', async ({ page }) => {
  await signUpFounder(page, 'en');
  await recordWeeks(page, [1, 0]);
  await page.goto('/metrics');
  const dialog = page.getByRole('dialog', { name: t('pastWeek.title') });
  await page.getByRole('button', { name: t('pastWeek.action') }).click();
  const day = dialog.getByLabel(t('pastWeek.day'));

  const nextWeek = new Date(isoWeekStart(weeksAgo(-2)));
  await day.fill(nextWeek.toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: t('pastWeek.open') }).click();
  await expect(dialog.getByText(t('validation:metrics.futureWeek'))).toBeVisible();

  // Any day of a week 6 weeks ago (here its Wednesday) chooses that week: older than 4, so the trial's tier 2 allows it.
  const past = weeksAgo(6);
  const wednesday = new Date(isoWeekStart(past).getTime() + 2 * 86_400_000);
  await day.fill(wednesday.toISOString().slice(0, 10));
  await expect(dialog.getByText(fill(t('pastWeek.chosen'), { week: theWeekOf(past) }))).toBeVisible();
  await expectNoAxeViolations(page, 'past week dialog');
  await dialog.getByRole('button', { name: t('pastWeek.open') }).click();

  const form = page.getByRole('form', { name: fill(t('form.title'), { week: weekStartDay(past, 'en') }) });
  await expect(form).toBeVisible();
  await expect(form.getByRole('combobox')).toBeFocused();
  for (const [field, value] of Object.entries({ startingCustomers: '90', newCustomers: '8', lostCustomers: '2', startingRevenue: '4000', churnedRevenue: '50', expansions: '100', downgrades: '0', weeklyRevenue: '4300', weeklyCosts: '8500', marketingCosts: '1500', cashBalance: '260000', weeklyActiveUsers: '350' })) {
    await form.getByLabel(t(`fields.${field}`), { exact: true }).fill(value);
  }
  await form.getByRole('button', { name: t('form.save') }).click();
  await expect(page.getByText(fill(t('form.saved'), { week: weekOf(past) }))).toBeVisible();
  const row = page.locator(`tr[data-week="${formatWeek(past)}"]`);
  await expect(row.getByRole('rowheader')).toHaveText(weekStartDay(past, 'en'));
  await expect(row).toContainText('$4,300.00');

  // The same week for a founder without Premium: the upgrade prompt, not the form (decision 041).
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), effectiveUserTier: 1, isInTrial: false } });
  });
  await openFromTheApp(page, '/metrics');
  await page.getByRole('button', { name: t('pastWeek.action') }).click();
  await dialog.getByLabel(t('pastWeek.day')).fill(wednesday.toISOString().slice(0, 10));
  await dialog.getByRole('button', { name: t('pastWeek.open') }).click();
  await expect(page.getByText(t('upgrade.history.title'))).toBeVisible();
});

test('changes the currency with a conversion: a rate of 0 is refused and changes nothing, then every week is converted (es-LA)', async ({ page }) => {
  const tp = (key: string) => text('es-LA', 'profile', key);
  // A Mexican founder: MXN, decimal point (decision 110).
  await signUpFounder(page, 'es-LA', { country: 'MX', currency: 'MXN' });
  await recordWeeks(page, [1, 0], (index) => ({ cashBalance: 210_000 - index * 10_000 }));
  const weeksBefore = await (await page.request.get('/api/metrics/weeks')).json();

  await page.goto('/profile');
  await page.getByLabel(tp('fields.currency.label'), { exact: true }).selectOption('USD');
  await page.getByRole('button', { name: tp('save') }).click();
  const dialog = page.getByRole('dialog', { name: fill(tp('currencyChange.title'), { from: 'MXN', to: 'USD' }) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: fill(tp('currencyChange.convert'), { to: 'USD' }) }).check();
  const rate = dialog.getByLabel(fill(tp('currencyChange.rate'), { from: 'MXN', to: 'USD' }));
  await rate.fill('0');
  await dialog.getByRole('button', { name: fill(tp('currencyChange.submit'), { to: 'USD' }) }).click();
  await expect(dialog.getByRole('alert')).toHaveText(tp('validation:currency.ratePositive'));
  await expectNoAxeViolations(page, 'currency dialog, es-LA');
  expect(await (await page.request.get('/api/metrics/weeks')).json()).toEqual(weeksBefore);
  expect((await (await page.request.get('/api/me')).json()).currency).toBe('MXN');

  await rate.fill('0.05');
  await dialog.getByRole('button', { name: fill(tp('currencyChange.submit'), { to: 'USD' }) }).click();
  await expect(page.getByText(fill(tp('currencyChange.doneConvert_other'), { count: 2, to: 'USD' }))).toBeVisible();
  await expect(dialog).toBeHidden();
  expect((await (await page.request.get('/api/me')).json()).currency).toBe('USD');
  const [latest] = (await (await page.request.get('/api/metrics/weeks')).json()) as { cashBalance: number; weeklyRevenue: number }[];
  expect(latest).toMatchObject({ cashBalance: 10_000, weeklyRevenue: 250 });
  // The change is on record, with its rate.
  await expect(page.getByTestId('currency-changes')).toContainText('MXN → USD');
  await expect(page.getByTestId('currency-changes')).toContainText('1 MXN = 0.05 USD');

  // The dashboard and the Overview write money the same way, in the new currency.
  await page.goto('/metrics');
  await expect(page.locator(`tr[data-week="${formatWeek(weeksAgo(0))}"]`)).toContainText('USD 10,000.00');
  const mrrCard = await page.locator('[data-metric=mrr] p').first().innerText();
  await page.goto('/overview');
  await expect(page.getByRole('region', { name: text('es-LA', 'overview', 'metrics.title') }).locator('[data-metric=mrr] dd').first()).toHaveText(mrrCard);
});

test('a rate the server refuses is said under the rate in Spanish, not in the server’s English (es-LA)', async ({ page }) => {
  const tp = (key: string) => text('es-LA', 'profile', key);
  await signUpFounder(page, 'es-LA', { country: 'MX', currency: 'MXN' });
  // Cash of 2,000,000 at a rate of 999,999 would be more than an amount can store: only the server knows the weeks.
  await recordWeeks(page, [0], () => ({ cashBalance: 2_000_000 }));
  const weeksBefore = await (await page.request.get('/api/metrics/weeks')).json();

  await page.goto('/profile');
  await page.getByLabel(tp('fields.currency.label'), { exact: true }).selectOption('USD');
  await page.getByRole('button', { name: tp('save') }).click();
  const dialog = page.getByRole('dialog', { name: fill(tp('currencyChange.title'), { from: 'MXN', to: 'USD' }) });
  await dialog.getByRole('radio', { name: fill(tp('currencyChange.convert'), { to: 'USD' }) }).check();
  const rate = dialog.getByLabel(fill(tp('currencyChange.rate'), { from: 'MXN', to: 'USD' }));
  await rate.fill('999999');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/metrics/currency'));
  await dialog.getByRole('button', { name: fill(tp('currencyChange.submit'), { to: 'USD' }) }).click();
  // The server's 400 speaks English to any client; the founder reads its key in their language, on the rate.
  const refusal = (await (await answer).json()) as { error: { details: { field: string; message: string; key: string }[] } };
  expect(refusal.error.details).toEqual([expect.objectContaining({ field: 'rate', key: 'validation:currency.tooLarge', message: text('en', 'profile', 'validation:currency.tooLarge') })]);
  await expect(dialog.getByRole('alert')).toHaveText(tp('validation:currency.tooLarge'));
  await expect(rate).toHaveAttribute('aria-invalid', 'true');
  await expect(rate).toBeFocused();
  expect(await (await page.request.get('/api/metrics/weeks')).json()).toEqual(weeksBefore);
});
