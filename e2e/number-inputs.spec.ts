import { expect, type Page, test } from '@playwright/test';
import { isoWeekOf, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations, signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

const tasks = (key: string) => text('es-LA', 'tasks', key);
const reports = (key: string) => text('es-LA', 'reports', key);
const metrics = (key: string) => text('es-LA', 'metrics', key);
const validation = (key: string) => text('es-LA', 'validation', key);

type StoredTask = { metric: string; targetValue: number };
const activeTasks = async (page: Page) => (await (await page.request.get('/api/tasks?status=active')).json()) as StoredTask[];

/** Fills the task form up to its target, for `metric`. */
async function taskUpTo(page: Page, metric: string, hypothesis: string) {
  await page.getByLabel(tasks('form.hypothesis.label')).fill(hypothesis);
  await page.getByLabel(tasks('form.whyRelevant.label')).fill('Es lo que más nos duele hoy');
  await page.getByLabel(tasks('form.metric.label')).selectOption(metric);
  return page.getByLabel(tasks('form.targetValue.label'));
}

/**
 * The bad inputs a review typed, typed by a Chilean founder (decimal comma, dollars) on a phone in
 * Spanish into a task's target and a runway scenario: each is read as meant, asked about
 * once, or refused under the field with the reason; what was stored is read back.
 */
test('es-LA, 390 px: task targets and scenario amounts are read as the founder meant, never scaled by 1,000', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem('rumbo_language', 'es-LA'));
  await signUpFounder(page, { country: 'CL' }, { name: 'Valentina', email: uniqueEmail('numbers') });
  const now = weekIndex(isoWeekOf(new Date()));
  for (let offset = 2; offset >= 1; offset--) {
    const { year, week } = weekFromIndex(now - offset);
    expect((await page.request.put(`/api/metrics/weeks/${year}/${week}`, { data: workedWeek })).status()).toBe(200);
  }

  await page.goto('/high-performance-tasks');
  await waitForApp(page);
  await page.getByRole('tab', { name: tasks('tabs.create') }).click();
  const target = await taskUpTo(page, 'mrr', 'Un plan anual sube el MRR del trimestre');
  const submit = page.getByRole('button', { name: tasks('create.submit') });

  // Letters and an empty target are refused under the field, and nothing is saved.
  await target.fill('doce');
  await submit.click();
  await expect(page.getByText(validation('numbers.notANumber'))).toBeVisible();
  await target.fill('');
  await submit.click();
  await expect(page.getByText(validation('tasks.targetValue'))).toBeVisible();
  expect(await activeTasks(page)).toHaveLength(0);

  // 65.000 in dollars reads two ways: asked, never guessed.
  await target.fill('65.000');
  await target.press('Tab');
  const question = page.getByRole('group', { name: metrics('entry.question').replace('{{typed}}', '65.000') });
  const whole = question.getByRole('button', { name: `65\u202F000 ${metrics('entry.wholeNumber')}` });
  await expect(whole).toBeVisible();
  await expect(question.getByRole('button', { name: `65 ${metrics('entry.withDecimals')}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await whole.click();
  await expect(target).toHaveValue('65.000,00');
  await submit.click();
  await expect(page.getByText(tasks('create.success'))).toBeVisible();
  expect(await activeTasks(page)).toEqual([expect.objectContaining({ metric: 'mrr', targetValue: 65_000 })]);
  // The answer is the founder's, kept on the server: the next 8.000 is not asked again.
  await expect.poll(async () => (await (await page.request.get('/api/me')).json()).separatorAnswers).toEqual({ '.': 'group' });

  // A churn target of 0,01 is 1 %, not 100 %.
  await page.getByRole('tab', { name: tasks('tabs.create') }).click();
  const churn = await taskUpTo(page, 'churnRate', 'Una llamada de bienvenida baja el churn');
  await churn.fill('0,01');
  await submit.click();
  await expect(page.getByText(tasks('create.success'))).toBeVisible();
  expect((await activeTasks(page)).find((task) => task.metric === 'churnRate')?.targetValue).toBe(0.01);

  // A scenario's hire at 8.000 a month is 8 000, read with the remembered answer.
  await page.goto('/metrics/scenarios');
  await waitForApp(page);
  const plan = page.getByTestId('scenario').first();
  await plan.getByLabel(reports('scenarios.addChange')).selectOption('hire');
  const cost = plan.getByLabel(reports('scenarios.fields.hire.monthlyCost'));
  await cost.fill('abc');
  await expect(plan.getByText(validation('numbers.notANumber'))).toBeVisible();
  await cost.fill('\u22125');
  await expect(plan.getByText(validation('scenarios.nonNegative'))).toBeVisible();
  await cost.fill('8.000');
  await cost.press('Tab');
  await expect(cost).toHaveValue('8.000,00');
  await expect(plan.getByRole('group')).toHaveCount(0);
  await plan.getByLabel(reports('scenarios.addChange')).selectOption('growth');
  const growth = plan.getByLabel(reports('scenarios.fields.growth.monthlyPercent'));
  await growth.fill('12,5 %');
  await growth.press('Tab');
  await expect(growth).toHaveValue('12,5');
  await expect(plan.getByTestId('verdict')).toBeVisible();
  await expectNoAxeViolations(page);

  // What the account keeps is the text as the founder's convention writes it, which reads back as 8 000 and 12.5 %.
  await expect(page.getByRole('status').filter({ hasText: reports('scenarios.saved') })).toBeVisible();
  const saved = (await (await page.request.get('/api/reports/scenarios')).json()) as { scenarios: { changes: { kind: string; values: Record<string, string> }[] }[] };
  expect(saved.scenarios[0]!.changes.map((change) => [change.kind, change.values])).toEqual([
    ['hire', { count: '1', monthlyCost: '8.000,00' }],
    ['growth', { monthlyPercent: '12,5' }],
  ]);
  await page.reload();
  await waitForApp(page);
  await expect(page.getByTestId('scenario').first().getByLabel(reports('scenarios.fields.hire.monthlyCost'))).toHaveValue('8.000,00');
  await page.screenshot({ path: 'test-results/number-inputs-es-390.png', fullPage: true });
});
