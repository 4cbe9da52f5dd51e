import { expect, type Page, test } from '@playwright/test';
import { formatWeek, isoWeekOf, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations, signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { theWeekOf, weekOf } from './support/weeks.ts';
import { waitForApp } from './support/ready.ts';

type Language = 'en' | 'es-LA';
const weeksAgo = (offset: number) => weekFromIndex(weekIndex(isoWeekOf(new Date())) - offset);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/**
 * A founder with four steady weeks behind them (cash 200,000, burn 4,000 a week: a
 * 50-week runway), on /metrics in their language.
 */
async function founderWithFourWeeks(page: Page, language: Language, onboarding: Record<string, string> = {}) {
  await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
  await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp', ...onboarding }, { name: 'Valentina', email: uniqueEmail('numbers') });
  for (let offset = 4; offset >= 1; offset--) {
    const key = weeksAgo(offset);
    expect((await page.request.put(`/api/metrics/weeks/${key.year}/${key.week}`, { data: workedWeek })).status()).toBe(200);
  }
  await page.goto('/metrics');
  await waitForApp(page);
  const t = (key: string) => text(language, 'metrics', key);
  const field = (name: string) => page.getByLabel(t(`fields.${name}`), { exact: true });
  return { t, field };
}

const thisWeekFigures = { newCustomers: '12', lostCustomers: '3', marketingCosts: '2400', churnedRevenue: '50', expansions: '300', downgrades: '0', weeklyCosts: '9500', weeklyRevenue: '5400', weeklyActiveUsers: '440' };

test.describe('typing numbers in the founder\'s convention', () => {
  test('a Chilean founder is asked what 198.900 means, and 198.900,50 is saved, shown back and counted right', async ({ page }) => {
    const { t, field } = await founderWithFourWeeks(page, 'es-LA', { country: 'CL' });
    // Pre-filled from last week, in the Chilean convention.
    await expect(field('startingRevenue')).toHaveValue('5.000,00');
    await expect(field('startingCustomers')).toHaveValue('105');
    for (const [name, value] of Object.entries(thisWeekFigures)) await field(name).fill(value);
    // Leaving a field writes it in the founder's convention; typing is never reformatted under the cursor.
    await field('weeklyCosts').press('Tab');
    await expect(field('weeklyCosts')).toHaveValue('9.500,00');

    await field('cashBalance').fill('198.900');
    await field('cashBalance').press('Tab');
    const question = page.getByRole('group', { name: fill(t('entry.question'), { typed: '198.900' }) });
    await expect(question).toBeVisible();
    const whole = question.getByRole('button', { name: `198\u202F900 ${t('entry.wholeNumber')}` });
    const decimals = question.getByRole('button', { name: `198,9 ${t('entry.withDecimals')}` });
    await expect(whole).toBeVisible();
    await expect(decimals).toBeVisible();
    await expectNoAxeViolations(page);

    // Nothing is saved while the question is open.
    await page.getByRole('button', { name: t('form.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('entry.answerFirst_one') })).toBeVisible();
    await expect(whole).toBeFocused();
    expect(await (await page.request.get('/api/metrics/weeks')).json()).toHaveLength(4);

    // The founder's answer is used: 198,9 would leave a runway of days, and the form asks before saving it.
    await decimals.click();
    await expect(field('cashBalance')).toHaveValue('198,90');
    await page.getByRole('button', { name: t('form.save') }).click();
    const sure = page.getByRole('dialog', { name: t('plausibility.title') });
    await expect(sure.getByRole('row', { name: new RegExp(t('plausibility.figures.cashBalance')) })).toContainText('200.000,00');
    await expect(sure.getByRole('row', { name: new RegExp(t('plausibility.figures.cashBalance')) })).toContainText('198,90');
    await expect(sure.getByRole('row', { name: new RegExp(t('plausibility.figures.runwayWeeks')) })).toContainText(fill(t('plausibility.weeks_other'), { value: '50' }));
    await sure.getByRole('button', { name: t('plausibility.review') }).click();
    await expect(sure).toBeHidden();
    expect(await (await page.request.get('/api/metrics/weeks')).json()).toHaveLength(4);

    await field('cashBalance').fill('198.900,50');
    await page.getByRole('button', { name: t('form.save') }).click();
    await expect(page.getByText(fill(t('form.saved'), { week: weekOf(weeksAgo(0), 'es-LA') }))).toBeVisible();
    const saved = (await (await page.request.get('/api/metrics/weeks')).json()) as { cashBalance: number }[];
    expect(saved[0]!.cashBalance).toBe(198900.5);

    // Shown back in the founder's convention: the form, the history and the cards.
    await page.reload();
    await waitForApp(page);
    await expect(field('cashBalance')).toHaveValue('198.900,50');
    await expect(page.locator(`tr[data-week="${formatWeek(weeksAgo(0))}"]`)).toContainText('198.900,50');
    const cards = page.getByRole('list', { name: t('cards.label') });
    await expect(cards.locator('[data-metric=cashBalance]')).toContainText('198.901');
    // Burn over the last 4 weeks: (3 × 4.000 + 4.100) / 4 = 4.025; 198.900,50 / 4.025 = 49,4 weeks.
    await expect(cards.locator('[data-metric=runwayWeeks]')).toContainText('49,4');
    await expectNoAxeViolations(page);
  });

  test('a Mexican founder writes decimal points: 198,900.50 is read and shown that way', async ({ page }) => {
    const { t, field } = await founderWithFourWeeks(page, 'es-LA', { country: 'MX' });
    await expect(field('startingRevenue')).toHaveValue('5,000.00');
    for (const [name, value] of Object.entries(thisWeekFigures)) await field(name).fill(value);
    await field('cashBalance').fill('198,900.50');
    await page.getByRole('button', { name: t('form.save') }).click();
    await expect(page.getByText(fill(t('form.saved'), { week: weekOf(weeksAgo(0), 'es-LA') }))).toBeVisible();
    await expect(page.locator(`tr[data-week="${formatWeek(weeksAgo(0))}"]`)).toContainText('198,900.50');
  });

  test('a tenfold jump asks "are you sure?" with before and after, in the history edit too', async ({ page }) => {
    const { t, field } = await founderWithFourWeeks(page, 'en');
    for (const [name, value] of Object.entries(thisWeekFigures)) await field(name).fill(value);
    await field('cashBalance').fill('2,000,001');
    await page.getByRole('button', { name: t('form.save') }).click();
    const sure = page.getByRole('dialog', { name: t('plausibility.title') });
    const cash = sure.getByRole('row', { name: new RegExp(t('plausibility.figures.cashBalance')) });
    await expect(cash).toContainText('$200,000.00');
    await expect(cash).toContainText('$2,000,001.00');
    await expectNoAxeViolations(page);
    // Nothing is blocked: the founder confirms and the week is saved as typed.
    await sure.getByRole('button', { name: t('plausibility.confirm') }).click();
    await expect(page.getByText(fill(t('form.saved'), { week: weekOf(weeksAgo(0), 'en') }))).toBeVisible();

    // Editing last week's revenue in the history: ten times the weeks before it, plus one.
    const label = formatWeek(weeksAgo(1));
    await page.getByRole('button', { name: fill(t('history.edit'), { week: theWeekOf(weeksAgo(1)) }) }).click();
    const revenue = page.getByLabel(`${t('fields.weeklyRevenue')}, ${weekOf(weeksAgo(1))}`);
    await expect(revenue).toHaveValue('5,000.00');
    await revenue.fill('50001');
    await page.getByRole('button', { name: t('history.save'), exact: true }).click();
    const again = page.getByRole('dialog', { name: t('plausibility.title') });
    await expect(again.getByRole('row', { name: new RegExp(t('plausibility.figures.weeklyRevenue')) })).toContainText('$50,001.00');
    await again.getByRole('button', { name: t('plausibility.review') }).click();
    await expect(revenue).toHaveValue('50,001.00');
    await revenue.fill('5,100');
    await revenue.press('Tab');
    // 5,100 dollars or 5.1? Money could be either: the row asks too.
    await page.getByRole('button', { name: `5\u202F100 ${t('entry.wholeNumber')}` }).click();
    await page.getByRole('button', { name: t('history.save'), exact: true }).click();
    await expect(page.locator(`tr[data-week="${label}"]`)).toContainText('5,100.00');
  });
});
