import { expect, type Page, test } from '@playwright/test';
import { weeksToCsv } from '../src/core/metrics/csv.ts';
import { isoWeekOf, weekFromIndex, weekIndex, formatWeek } from '../src/core/metrics/iso-week.ts';
import { WEEK_CSV_COLUMNS } from '../src/core/metrics/week-record.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signUpFounder as signUpOnboarded, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { theWeekOf, weekOf } from './support/weeks.ts';

const weeksAgo = (offset: number) => weekFromIndex(weekIndex(isoWeekOf(new Date())) - offset);
const t = (key: string, language: 'en' | 'es-LA' = 'en') => text(language, 'metrics', key);

const week = { ...workedWeek, dailyActiveUsers: null, monthlyActiveUsers: null, arpu: null };

/** A founder past onboarding (the onboarding form is another issue; its API is the same). */
async function signUpFounder(page: Page, language: 'en' | 'es-LA' = 'en') {
  await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
  await signUpOnboarded(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Lucía', email: uniqueEmail('metrics') });
}

async function chooseCsv(page: Page, name: string, content: string) {
  await page.getByRole('button', { name: t('actions.import') }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
  return dialog;
}

test.describe('metrics dashboard', () => {
  test('the seventh week in a row unlocks Metrics Master at once, without leaving the page', async ({ page }) => {
    await signUpFounder(page);
    for (let offset = 6; offset >= 1; offset--) {
      const key = weeksAgo(offset);
      expect((await page.request.put(`/api/metrics/weeks/${key.year}/${key.week}`, { data: week })).status()).toBe(200);
    }
    await page.goto('/metrics');
    for (const [field, value] of Object.entries({ newCustomers: '12', lostCustomers: '3', marketingCosts: '2400', churnedRevenue: '50', expansions: '300', downgrades: '0', weeklyCosts: '9500', weeklyRevenue: '5400', cashBalance: '195000', weeklyActiveUsers: '440' })) {
      await page.getByLabel(t(`fields.${field}`), { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: t('form.save') }).click();
    const gamification = (key: string) => text('en', 'gamification', key);
    await expect(page.getByText(gamification('toast.unlocked').replace('{{name}}', gamification('achievements.metrics-master.name')))).toBeVisible();
  });

  test('records a week, sees cards and a chart, edits it in history, exports and re-imports', async ({ page }) => {
    await signUpFounder(page);
    await page.goto('/metrics');
    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: t('empty.title') })).toBeVisible();
    await expectNoAxeViolations(page);

    // Last week first, so this week's form starts from it.
    const lastWeek = weeksAgo(1);
    const saved = await page.request.put(`/api/metrics/weeks/${lastWeek.year}/${lastWeek.week}`, { data: week });
    expect(saved.status()).toBe(200);
    await page.reload();
    await expect(page.getByLabel(t('fields.startingCustomers'))).toHaveValue('105');
    await expect(page.getByLabel(t('fields.startingRevenue'))).toHaveValue('5,000.00');

    for (const [field, value] of Object.entries({ newCustomers: '12', lostCustomers: '3', marketingCosts: '2400', churnedRevenue: '50', expansions: '300', downgrades: '0', weeklyCosts: '9500', weeklyRevenue: '5400', cashBalance: '195000', weeklyActiveUsers: '440' })) {
      await page.getByLabel(t(`fields.${field}`), { exact: true }).fill(value);
    }
    await page.getByRole('button', { name: t('form.save') }).click();
    await expect(page.getByText(t('form.saved').replace('{{week}}', weekOf(weeksAgo(0))))).toBeVisible();

    const cards = page.getByRole('list', { name: t('cards.label') });
    const mrr = cards.locator('[data-metric=mrr]');
    await expect(mrr).toContainText('$23,400');
    await expect(cards.locator('[data-metric=runwayWeeks]')).toContainText(t('status.on'));
    await expect(cards.locator('[data-metric=churnRate]')).toContainText(t('status.off'));
    await expect(cards.locator('[data-metric=paybackWeeks]')).toContainText(t('status.on'));
    await expect(cards.locator('[data-metric=churnRate]')).toContainText('Target < 0.7%');
    // The growth targets (docs/product.md#metric-targets): users grew 400 → 440 in a week (10 %, on target); revenue growth needs 8 weeks.
    const userGrowth = cards.locator('[data-metric=userGrowth]');
    await expect(userGrowth).toContainText('10%');
    await expect(userGrowth).toContainText(t('status.on'));
    await expect(userGrowth).toContainText('Target > 4%');
    const revenueGrowth = cards.locator('[data-metric=revenueGrowth]');
    await expect(revenueGrowth).toContainText('Target ≥ 20%');
    await expect(revenueGrowth).toContainText(t('notes.revenueGrowth'));
    // Every card says how its number is computed, behind a disclosure.
    await expect(mrr.getByText(t('explain.mrr'))).toBeHidden();
    await mrr.getByText(t('explain.summary')).click();
    await expect(mrr.getByText(t('explain.mrr'))).toBeVisible();
    await expect(page.getByTestId('trend-chart').locator('.recharts-line-curve')).toBeVisible();
    await page.getByRole('button', { name: t('charts.ranges.all') }).click();
    await expect(page.getByRole('button', { name: t('charts.ranges.all') })).toHaveAttribute('aria-pressed', 'true');
    await expectNoAxeViolations(page);

    // Inline edit in the history table.
    const lastLabel = formatWeek(lastWeek);
    await page.getByRole('button', { name: t('history.edit').replace('{{week}}', theWeekOf(lastWeek)) }).click();
    const cell = page.getByLabel(`${t('fields.weeklyRevenue')}, ${weekOf(lastWeek)}`);
    await cell.fill('5100');
    await page.getByRole('button', { name: t('history.save'), exact: true }).click();
    await expect(page.locator(`tr[data-week="${lastLabel}"]`)).toContainText('5,100');

    // Export, then import the export back into a fresh account: the table matches.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: t('actions.export') }).click();
    const csv = await (await (await download).createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    expect(csv.split('\r\n')[0]).toBe(WEEK_CSV_COLUMNS.join(','));
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);

    await page.context().clearCookies();
    await signUpFounder(page);
    await page.goto('/metrics');
    const dialog = await chooseCsv(page, 'rumbo-metrics.csv', csv);
    await expect(dialog.getByText(t('import.preview_other').replace('{{count}}', '2').replace('{{first}}', lastLabel).replace('{{last}}', formatWeek(weeksAgo(0))))).toBeVisible();
    await dialog.getByRole('button', { name: t('import.submit_other').replace('{{count}}', '2') }).click();
    await expect(page.getByText(t('import.done_other').replace('{{count}}', '2'))).toBeVisible();
    await expect(page.locator(`tr[data-week="${lastLabel}"]`)).toContainText('5,100');
    const again = await page.request.get('/api/metrics/export.csv');
    expect(await again.text()).toBe(csv);
  });

  test('a CSV with one bad row changes nothing; a Spanish-locale file then imports, in Spanish', async ({ page }) => {
    await signUpFounder(page, 'es-LA');
    await page.request.put(`/api/metrics/weeks/${weeksAgo(0).year}/${weeksAgo(0).week}`, { data: week });
    await page.goto('/metrics');
    await expect(page.getByRole('heading', { level: 1, name: t('title', 'es-LA') })).toBeVisible();

    const good = weeksToCsv([{ ...weeksAgo(2), ...week }, { ...weeksAgo(1), ...week }]).trimEnd().split('\r\n');
    const bad = [...good, good[2]!.replace(/,5000,200000,/, ',mucho,200000,')].join('\n');
    const tEs = (key: string) => t(key, 'es-LA');
    await page.getByRole('button', { name: tEs('actions.import') }).first().click();
    let dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'malo.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await expect(page.getByText(tEs('import.error'))).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText(tEs('import.rowError').replace('{{row}}', '4').replace('{{field}}', tEs('fields.weeklyRevenue')).replace('{{reason}}', tEs('validation:metrics.number')));
    await expect(dialog.getByRole('button', { name: /Importar/ })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(page.locator('tbody tr[data-week]')).toHaveCount(1);

    const key = weeksAgo(3);
    const spanish = `\uFEFF${WEEK_CSV_COLUMNS.join(';')}\r\n${key.year};${key.week};10;2.000;100;5;4.800;100;250;50;9.000;4.750,50;180.000;;400;;80;\r\n`;
    await page.getByRole('button', { name: tEs('actions.import') }).first().click();
    dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'semanas.csv', mimeType: 'text/csv', buffer: Buffer.from(spanish) });
    await expect(dialog.getByText(tEs('import.spanishFormat'))).toBeVisible();
    await dialog.getByRole('button', { name: tEs('import.submit_one').replace('{{count}}', '1') }).click();
    await expect(page.getByText(tEs('import.done_one').replace('{{count}}', '1'))).toBeVisible();
    await expect(page.locator(`tr[data-week="${formatWeek(key)}"]`)).toContainText('4.750,50');
    await expect(page.locator('tbody tr[data-week]')).toHaveCount(2);
    await expectNoAxeViolations(page);
  });

  test('deletes a week from the history after asking, and it stays gone after a reload', async ({ page }) => {
    await signUpFounder(page);
    for (const offset of [1, 0]) {
      const key = weeksAgo(offset);
      expect((await page.request.put(`/api/metrics/weeks/${key.year}/${key.week}`, { data: { ...week, weeklyRevenue: 5000 + offset } })).status()).toBe(200);
    }
    await page.goto('/metrics');
    const label = formatWeek(weeksAgo(1));
    await expect(page.locator('tbody tr[data-week]')).toHaveCount(2);

    await page.getByRole('button', { name: t('history.delete').replace('{{week}}', theWeekOf(weeksAgo(1))) }).click();
    const confirm = page.getByRole('dialog', { name: t('history.confirmTitle').replace('{{week}}', theWeekOf(weeksAgo(1))) });
    await expect(confirm).toContainText(t('history.confirmBody'));
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: t('history.confirmDelete') }).click();
    await expect(page.getByText(t('history.deleted').replace('{{week}}', weekOf(weeksAgo(1))))).toBeVisible();
    await expect(page.locator(`tr[data-week="${label}"]`)).toHaveCount(0);

    await page.reload();
    await expect(page.locator('tbody tr[data-week]')).toHaveCount(1);
    await expect(page.locator(`tr[data-week="${label}"]`)).toHaveCount(0);
    await expect(page.locator(`tr[data-week="${formatWeek(weeksAgo(0))}"]`)).toBeVisible();
  });

  test('when the server refuses a file the browser accepted, the dialog lists its reasons and nothing changes', async ({ page }) => {
    await signUpFounder(page);
    const thisWeek = weeksAgo(0);
    await page.request.put(`/api/metrics/weeks/${thisWeek.year}/${thisWeek.week}`, { data: week });
    // This browser's clock runs two weeks ahead: its pre-check takes a week that is still
    // in the future for the server, which refuses it (decision 041) and writes nothing.
    await page.clock.setFixedTime(new Date(Date.now() + 14 * 24 * 60 * 60 * 1000));
    await page.goto('/metrics');
    await expect(page.locator('tbody tr[data-week]')).toHaveCount(1);
    const future = weeksAgo(-2);
    const csv = weeksToCsv([{ ...weeksAgo(1), ...week }, { ...future, ...week }]);
    const dialog = await chooseCsv(page, 'ahead.csv', csv);
    await expect(dialog.getByText(t('import.preview_other').replace('{{count}}', '2').replace('{{first}}', formatWeek(weeksAgo(1))).replace('{{last}}', formatWeek(future)))).toBeVisible();
    await dialog.getByRole('button', { name: t('import.submit_other').replace('{{count}}', '2') }).click();

    await expect(page.getByText(t('import.error')).first()).toBeVisible();
    await expect(dialog.getByRole('alert')).toContainText(
      t('import.rowError').replace('{{row}}', '3').replace('{{field}}', t('fields.week')).replace('{{reason}}', t('validation:metrics.futureWeek')),
    );
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(page.locator('tbody tr[data-week]')).toHaveCount(1);
    const weeks = (await (await page.request.get('/api/metrics/weeks')).json()) as unknown[];
    expect(weeks).toHaveLength(1);
  });

  test('works on a phone and in the dark theme', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUpFounder(page);
    await page.request.put(`/api/metrics/weeks/${weeksAgo(0).year}/${weeksAgo(0).week}`, { data: week });
    await page.goto('/metrics');
    await expect(page.getByRole('list', { name: t('cards.label') }).locator('[data-metric=cac]')).toContainText('$200');
    // Nothing but the history table's own scroll area is wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
  });
});
