import { numberConvention } from '../src/core/numbers/convention.ts';
import { targetText } from '../src/core/tasks/task-target.ts';
import { expect, test } from '@playwright/test';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** The worked week with 88,000 in cash: 22 weeks of runway, off its 40-week target. */
const shortRunwayWeek = { ...workedWeek, cashBalance: 88_000 };

for (const language of ['en', 'es-LA'] as const) {
  const tasks = (key: string) => text(language, 'tasks', key);

  test(`generates a first task from the offline mentor into the Create form, then suggests another (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signUpFounder(page);
    const week = isoWeekOf(new Date());
    expect((await page.request.put(`/api/metrics/weeks/${week.year}/${week.week}`, { data: shortRunwayWeek })).status()).toBe(200);

    await page.goto('/high-performance-tasks');
    await waitForApp(page);
    await expect(page.getByText(tasks('draft.hintFirst'))).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: tasks('draft.first') }).click();

    // No consent yet: the AI gate asks, saves it and runs the generation it interrupted.
    const consent = page.getByRole('dialog', { name: text(language, 'mentor', 'consent.title') });
    await expect(consent).toBeVisible();
    await consent.getByRole('button', { name: text(language, 'mentor', 'consent.accept') }).click();
    await expect(page.getByRole('status').filter({ hasText: tasks('draft.readyOffline') })).toBeAttached();

    // The form holds the mentor's draft (the offline mentor is deterministic: the API gives the same one).
    const { draft } = await (await page.request.post('/api/mentor/task-draft', { data: { language } })).json();
    const hypothesis = page.getByLabel(tasks('form.hypothesis.label'));
    await expect(hypothesis).toHaveValue(draft.hypothesis);
    await expect(page.getByLabel(tasks('form.whyRelevant.label'))).toHaveValue(draft.whyRelevant);
    await expect(page.getByLabel(tasks('form.whyRelevant.label'))).toHaveValue(
      language === 'en' ? /furthest from its target/ : /más lejos de su meta/,
    );
    await expect(page.getByLabel(tasks('form.metric.label'))).toHaveValue(draft.metric);
    // In the founder's marks (no country, dollars: the language's), as the one reader reads it back (decision 252).
    await expect(page.getByLabel(tasks('form.targetValue.label'))).toHaveValue(targetText(draft.targetValue, draft.metric, 'USD', numberConvention({ language, country: null, currency: 'USD' })));
    await expectNoAxeViolations(page);

    // The founder edits the draft before saving it.
    await hypothesis.fill(`${draft.hypothesis} (edited)`);
    await page.getByRole('button', { name: tasks('create.submit') }).click();
    await expect(page.getByText(tasks('create.success'))).toBeVisible();
    await expect(page.getByRole('heading', { name: `${draft.hypothesis} (edited)` })).toBeVisible();

    await page.getByRole('tab', { name: tasks('tabs.create') }).click();
    await expect(page.getByRole('button', { name: tasks('draft.suggest') })).toBeVisible();
    await expect(page.getByLabel(tasks('form.hypothesis.label'))).toHaveValue('');
    await page.getByRole('button', { name: tasks('draft.suggest') }).click();
    await expect(page.getByLabel(tasks('form.hypothesis.label'))).toHaveValue(draft.hypothesis);
  });
}

test("the welcome's 'Generate your first task' starts the draft on arrival, once", async ({ page }) => {
  await signUpFounder(page);
  await page.request.post('/api/ai/consent', { data: { granted: true } });
  // Where the onboarding welcome's button leads (its href is checked in onboarding-profile.spec.ts).
  await page.goto('/high-performance-tasks?draft=first');
  await waitForApp(page);
  const { draft } = await (await page.request.post('/api/mentor/task-draft', { data: { language: 'en' } })).json();
  const hypothesis = page.getByLabel(text('en', 'tasks', 'form.hypothesis.label'));
  await expect(hypothesis).toHaveValue(draft.hypothesis);
  await expect(page).toHaveURL(/\/high-performance-tasks$/);
  // A reload does not ask again: the form starts empty.
  await page.reload();
  await waitForApp(page);
  await expect(hypothesis).toHaveValue('');
});
