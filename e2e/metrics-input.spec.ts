import { expect, type Page, test } from '@playwright/test';
import { formatWeek, isoWeekOf, isoWeekStart, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations, signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';
import { weekOf } from './support/weeks.ts';

type Language = 'en' | 'es-LA';
const weeksAgo = (offset: number) => weekFromIndex(weekIndex(isoWeekOf(new Date())) - offset);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
/** A week's Monday as a Chilean spreadsheet writes it: 02/11/2026. */
const chileanDate = (offset: number) => isoWeekStart(weeksAgo(offset)).toISOString().slice(0, 10).split('-').reverse().join('/');

async function founder(page: Page, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
  await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp', country: 'CL' }, { name: 'Valentina', email: uniqueEmail('input') });
  const t = (key: string) => text(language, 'metrics', key);
  return { t, field: (name: string) => page.getByLabel(t(`fields.${name}`), { exact: true }) };
}

test.describe('less typing', () => {
  test('a Latin-1 CSV with Spanish headers imports through the mapping step', async ({ page }) => {
    const { t } = await founder(page, 'es-LA');
    await page.goto('/metrics');
    await waitForApp(page);
    // Saved by a Spanish spreadsheet: Rumbo's own labels, in its own order, one column named the founder's way.
    const header = 'Semana del;Clientes al inicio;Clientes nuevos;Clientes perdidos;Ingresos semanales;Ingresos al inicio;Ingresos perdidos por cancelación;Expansiones;Reducciones de plan;Costos semanales;Costos de marketing;Plata en el banco;Usuarios activos semanales';
    const rows = [2, 1].map((offset, index) => `${chileanDate(offset)};${100 + index * 5};10;5;5.000,50;4.800;100;250;50;9.000;2.000;${index ? '195.000' : '200.000'};400`);
    const latin1 = Buffer.from(`${[header, ...rows].join('\r\n')}\r\n`, 'latin1');

    await page.getByRole('button', { name: t('actions.import') }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'semanas.csv', mimeType: 'text/csv', buffer: latin1 });
    await expect(dialog.getByText(t('import.latin1'))).toBeVisible();
    // Every column but one is recognised from its Spanish name; that one waits for the founder.
    const cashColumn = dialog.getByLabel(fill(t('import.mapColumn'), { column: 'Plata en el banco' }));
    await expect(cashColumn).toHaveValue('');
    await expect(dialog.getByLabel(fill(t('import.mapColumn'), { column: 'Ingresos perdidos por cancelación' }))).toHaveValue('churnedRevenue');
    await expect(dialog.getByLabel(fill(t('import.mapColumn'), { column: 'Semana del' }))).toHaveValue('date');
    await expect(dialog.getByRole('alert')).toContainText(t('validation:import.missingColumn'));
    await expect(dialog.getByRole('button', { name: /Importar/ })).toBeDisabled();
    await expectNoAxeViolations(page);

    await cashColumn.selectOption({ label: t('fields.cashBalance') });
    await expect(dialog.getByRole('alert')).toBeHidden();
    const preview = fill(t('import.preview_other'), { count: '2', first: formatWeek(weeksAgo(2)), last: formatWeek(weeksAgo(1)) });
    await expect(dialog.getByText(preview)).toBeVisible();
    await expect(dialog.getByText(t('import.spanishFormat'))).toBeVisible();
    await dialog.getByRole('button', { name: fill(t('import.submit_other'), { count: '2' }) }).click();
    await expect(page.getByText(fill(t('import.done_other'), { count: '2' }))).toBeVisible();

    const weeks = (await (await page.request.get('/api/metrics/weeks')).json()) as Record<string, number>[];
    expect(weeks.map((week) => [formatWeek(week as unknown as { year: number; week: number }), week.cashBalance, week.weeklyRevenue])).toEqual([
      [formatWeek(weeksAgo(1)), 195000, 5000.5],
      [formatWeek(weeksAgo(2)), 200000, 5000.5],
    ]);
  });

  test('offers a template in each language', async ({ page }) => {
    const { t } = await founder(page, 'en');
    await page.goto('/metrics');
    await waitForApp(page);
    await page.getByRole('button', { name: t('actions.import') }).first().click();
    const download = page.waitForEvent('download');
    await page.getByRole('dialog').getByRole('link', { name: t('import.template.es-LA') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('rumbo-template-es-LA.csv');
    const content = Buffer.concat(await (await file.createReadStream()).toArray()).toString('utf8');
    expect(content.split(';').slice(0, 3)).toEqual(['\uFEFFFecha', 'Clientes al inicio', 'Clientes nuevos']);
  });

  test('a week starts from the one before, and monthly revenue is recorded as its weekly share, shown back as typed', async ({ page }) => {
    const { t, field } = await founder(page, 'es-LA');
    const lastWeek = weeksAgo(1);
    expect((await page.request.put(`/api/metrics/weeks/${lastWeek.year}/${lastWeek.week}`, { data: workedWeek })).status()).toBe(200);
    await page.goto('/metrics');
    await waitForApp(page);
    // Carried over and started at 0: only cash and active users are left to type.
    await expect(field('weeklyRevenue')).toHaveValue('5.000,00');
    await expect(field('weeklyCosts')).toHaveValue('9.000,00');
    await expect(field('newCustomers')).toHaveValue('0');
    await expect(field('churnedRevenue')).toHaveValue('0,00');
    await expect(field('cashBalance')).toHaveValue('');

    await page.getByRole('radio', { name: t('form.revenuePer.month') }).check();
    // Last week's revenue, as a month.
    await expect(field('monthlyRevenue')).toHaveValue('21.666,67');
    await field('monthlyRevenue').fill('13.000,00');
    await expect(page.getByText(fill(t('form.derivedWeekly'), { value: '3.000,00' }))).toBeVisible();
    await field('cashBalance').fill('195.000,00');
    await field('weeklyActiveUsers').fill('410');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: t('form.save') }).click();
    await expect(page.getByText(fill(t('form.saved'), { week: weekOf(weeksAgo(0), 'es-LA') }))).toBeVisible();
    const [saved] = (await (await page.request.get('/api/metrics/weeks')).json()) as Record<string, number>[];
    expect(saved).toMatchObject({ weeklyRevenue: 3000, monthlyRevenue: 13000, startingRevenue: 5000, newCustomers: 0, weeklyCosts: 9000 });

    await page.reload();
    await waitForApp(page);
    await expect(page.getByRole('radio', { name: t('form.revenuePer.month') })).toBeChecked();
    await expect(field('monthlyRevenue')).toHaveValue('13.000,00');
  });
});
