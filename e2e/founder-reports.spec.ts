import { expect, type Page, test } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { isoWeekOf, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { validTask } from '../tests/integration/support/task-fixtures.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { waitForApp } from './support/ready.ts';

/** 12 weeks ending this week, revenue growing 2 % a week against flat costs, and 3 completed experiments. */
async function seedFounder(page: Page, language: 'en' | 'es-LA') {
  await signUpFounder(page);
  expect((await page.request.patch('/api/me', { data: { preferredLanguage: language } })).status()).toBe(200);
  const now = weekIndex(isoWeekOf(new Date()));
  for (let i = 0; i < 12; i++) {
    const { year, week } = weekFromIndex(now - 11 + i);
    const data = { ...workedWeek, weeklyRevenue: Math.round(5000 * 1.02 ** i * 100) / 100, cashBalance: 200_000 - i * 3500 };
    expect((await page.request.put(`/api/metrics/weeks/${year}/${week}`, { data })).status()).toBe(200);
  }
  for (const n of [1, 2, 3]) {
    const task = await (await page.request.post('/api/tasks', { data: { ...validTask, hypothesis: `Experiment ${n}: onboarding calls cut churn` } })).json();
    expect((await page.request.post(`/api/tasks/${task.id}/complete`, { data: { outcome: 'validated', completionNotes: `Result ${n}: churn fell` } })).status()).toBe(200);
  }
}

for (const [language, phone] of [['en', false], ['es-LA', true]] as const) {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    Object.entries(values).reduce((s, [name, value]) => s.replace(`{{${name}}}`, String(value)), text(language, 'reports', key));

  test(`founder reports (${language}${phone ? ', 390 px' : ''}): the investor update is drafted, edited, exported and shared; scenarios show default alive change`, async ({ page, browser }) => {
    // The whole reports journey in one test (update, PDF, e-mail, links, scenarios): about 40 s alone, more on a shared CI machine.
    test.setTimeout(120_000);
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await seedFounder(page, language);

    await page.goto('/overview');
    await waitForApp(page);
    await page.getByRole('link', { name: t('overview.updates.label'), exact: false }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('updates.title') })).toBeVisible();
    await page.getByLabel(t('updates.period')).selectOption('weeks');
    await page.getByLabel(t('updates.weeks'), { exact: true }).fill('4');
    await page.getByRole('button', { name: t('updates.draft') }).click();

    const highlights = page.getByLabel(t('updates.sections.highlights'));
    for (const n of [1, 2, 3]) await expect(highlights).toHaveValue(new RegExp(`Experiment ${n}: onboarding calls cut churn`));
    await expect(page.getByRole('row', { name: t('updates.kpis.mrr') })).toBeVisible();
    // 12 weeks of revenue: NDR is a projection one week short of judging, never "on target".
    await expect(page.getByRole('row', { name: t('updates.kpis.ndr') })).toContainText(t('updates.status.tooLittleHistory_one', { count: 1 }));
    await page.getByLabel(t('updates.sections.asks')).fill('An intro to two grocery distributors');
    await page.getByRole('button', { name: t('updates.save') }).click();
    await expect(page.getByTestId('version')).toHaveText(t('updates.version', { version: 2 }));
    await expectNoAxeViolations(page);

    const pdf = await page.request.get(await page.getByRole('link', { name: t('updates.pdf') }).getAttribute('href') ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const pdfText = (await extractText(await getDocumentProxy(new Uint8Array(await pdf.body())), { mergePages: true })).text;
    expect(pdfText).toContain(t('updates.sections.kpis'));
    expect(pdfText).toContain('MRR');
    expect(pdfText).toContain('An intro to two grocery distributors');

    const investors = [`ana-${Date.now()}@fund.example`, `luis-${Date.now()}@angels.example`];
    await page.getByLabel(t('updates.send.label')).fill('not an address');
    await page.getByRole('button', { name: t('updates.send.submit') }).click();
    await expect(page.getByText(t('validation:reports.email', { address: 'not an address' }))).toBeVisible();
    await page.getByLabel(t('updates.send.label')).fill(investors.join('\n'));
    await page.getByRole('button', { name: t('updates.send.submit') }).click();
    await expect(page.getByText(t('updates.send.sent_other', { count: 2 }))).toBeVisible();
    // The next visit starts from the same investors, kept with the send.
    await page.reload();
    await page.getByLabel(t('updates.previousUpdates')).selectOption({ index: 1 });
    await expect(page.getByLabel(t('updates.send.label'))).toHaveValue(investors.join('\n'));
    const investor = await browser.newContext();
    const reader = await investor.newPage();
    const emailed = await linkFromOutbox(process.env.E2E_DATA_DIR ?? '', investors[1]!, 'investor-update');
    expect((await reader.goto(emailed))?.status()).toBe(200);
    await expect(reader.getByText('An intro to two grocery distributors')).toBeVisible();

    // Reopened, the update lists its live links (one per investor) with their expiry; revoking one closes exactly one.
    const links = page.getByTestId('share-links').getByRole('listitem');
    await expect(links).toHaveCount(2);
    await expect(links.first()).toContainText(t('updates.links.expires', { date: '' }).trim());
    await links.first().getByRole('button', { name: t('updates.links.revoke') }).click();
    await expect(page.getByText(t('updates.links.revoked'))).toBeVisible();
    await expect(links).toHaveCount(1);
    const other = await linkFromOutbox(process.env.E2E_DATA_DIR ?? '', investors[0]!, 'investor-update');
    const statuses = [(await reader.request.get(emailed)).status(), (await reader.request.get(other)).status()];
    expect(statuses.sort()).toEqual([200, 410]);

    await page.getByRole('button', { name: t('updates.share') }).click();
    const url = await page.getByLabel(t('updates.shareUrl'), { exact: true }).inputValue();
    expect((await reader.goto(url))?.status()).toBe(200);
    await expect(reader.getByRole('heading', { level: 2, name: t('updates.sections.kpis') })).toBeVisible();
    await expect(reader.getByText('An intro to two grocery distributors')).toBeVisible();
    await expect(links).toHaveCount(2);
    await page.getByRole('button', { name: t('updates.revoke') }).click();
    await expect(page.getByText(t('updates.revoked'))).toBeVisible();
    expect((await reader.goto(url))?.status()).toBe(410);
    await expect(page.getByText(t('updates.links.empty'))).toBeVisible();
    await investor.close();

    await page.goto('/overview');
    await page.getByRole('link', { name: t('overview.scenarios.label'), exact: false }).click();
    const cards = page.getByTestId('scenario');
    // "As today" is the dashboard's: flat revenue at today's burn, not default alive, and it says so (decision 256).
    await expect(cards.first().getByTestId('verdict')).toHaveText(t('scenarios.results.dead'));
    await expect(cards.first().getByTestId('assumed')).toHaveText(t('scenarios.results.assumedFlat'));
    // Growth is an assumption the founder states: revenue growing 2 % a week is about 9 % a month.
    await cards.first().getByLabel(t('scenarios.assumption.label')).fill('9');
    await expect(cards.first().getByTestId('verdict')).toHaveText(t('scenarios.results.alive'));
    await page.getByRole('button', { name: t('scenarios.add') }).click();
    const plan = cards.nth(1);
    await plan.getByLabel(t('scenarios.addChange')).selectOption('hire');
    await plan.getByLabel(t('scenarios.fields.hire.count')).fill('2');
    await plan.getByLabel(t('scenarios.fields.hire.monthlyCost')).fill('-5');
    await expect(plan.getByText(t('validation:scenarios.nonNegative'))).toBeVisible();
    await plan.getByLabel(t('scenarios.fields.hire.monthlyCost')).fill('20000');
    await expect(plan.getByTestId('verdict')).toHaveText(t('scenarios.results.dead'));
    await plan.getByLabel(t('scenarios.addChange')).selectOption('fundraise');
    await plan.getByLabel(t('scenarios.fields.fundraise.amount')).fill('2000000');
    await expect(plan.getByTestId('verdict')).toHaveText(t('scenarios.results.alive'));
    await expectNoAxeViolations(page);
    // Saved to the account a moment after the last change: a reload (or another browser) finds the plan as typed.
    await expect(page.getByRole('status').filter({ hasText: t('scenarios.saved') })).toBeVisible();
    await page.reload();
    await expect(plan.getByLabel(t('scenarios.fields.fundraise.amount'))).toHaveValue('2000000');
    await expect(plan.getByTestId('verdict')).toHaveText(t('scenarios.results.alive'));

    await plan.getByRole('button', { name: t('scenarios.tasks.button') }).click();
    await expect(page.getByText(t('scenarios.tasks.created_other', { count: 2 }))).toBeVisible();
    const active = (await (await page.request.get('/api/tasks?status=active')).json()) as { hypothesis: string; metric: string }[];
    expect(active.filter((task) => task.metric === 'runwayWeeks')).toHaveLength(2);
  });
}
