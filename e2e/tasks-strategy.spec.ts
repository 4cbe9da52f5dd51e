import { type Locator, type Page, expect, test } from '@playwright/test';
import { isoWeekOf, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { HTML_LANG } from '../src/core/i18n/language.ts';
import { numberConvention } from '../src/core/numbers/convention.ts';
import { metricFormatter } from '../src/web/lib/metric-format.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signUpFounder as signUpOnboarded, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** A founder who finished onboarding (through the API the onboarding form calls). */
const signUpFounder = (page: Page) =>
  signUpOnboarded(page, { industry: 'Fintech', teamSize: '2-5', startupPhase: 'mvp' }, { name: 'Lucía', email: uniqueEmail('tasks') });

/** Records the week `weeksBack` before this one with `lostCustomers` of its 100, and answers the latest weekly churn (over the trailing window). */
async function recordChurnWeek(page: Page, weeksBack: number, lostCustomers: number): Promise<number> {
  const { year, week } = weekFromIndex(weekIndex(isoWeekOf(new Date())) - weeksBack);
  const saved = await page.request.put(`/api/metrics/weeks/${year}/${week}`, { data: { ...workedWeek, lostCustomers } });
  expect(saved.status(), await saved.text()).toBe(200);
  const summary = (await (await page.request.get('/api/metrics/summary')).json()) as { latest: { churnRate: number } };
  return summary.latest.churnRate;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The value beside a label (`<dt>`) in a task's facts. */
const fact = (list: Locator, label: string) =>
  list.locator('dl > div').filter({ has: list.page().locator('dt', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) }).locator('dd');


for (const language of ['en', 'es-LA'] as const) {
  const tasks = (key: string) => text(language, 'tasks', key);
  const strategy = (key: string) => text(language, 'strategy', key);
  const gamification = (key: string) => text(language, 'gamification', key);
  // A new founder with no country: the language's marks, in dollars (decision 110), as Metrics writes them.
  const numbers = { locale: HTML_LANG[language], currency: 'USD', convention: numberConvention({ language, country: null, currency: 'USD' }) };
  const percent = (value: number) => metricFormatter('percent', numbers)(value);
  /** The ICE total in the founder's marks: `2,4` in Spanish. */
  const ice = (total: string) => (language === 'en' ? total : total.replace('.', ','));

  test.describe(`tasks, strategy and points (${language})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
      await signUpFounder(page);
    });

    test('creates, edits and completes a task, earning points', async ({ page }) => {
      // 'Goals' and 'Hypothesis' are this page (docs/product.md#signed-in-area).
      await page.goto('/goals');
      await expect(page).toHaveURL(/\/high-performance-tasks$/);
      await expect(page.getByRole('heading', { level: 1, name: tasks('title') })).toBeVisible();
      await page.goto('/hypothesis');
      await expect(page).toHaveURL(/\/high-performance-tasks$/);
      // The metric's value when the task is created: weekly churn two weeks ago.
      const churnThen = await recordChurnWeek(page, 2, 5);
      // Recorded outside this page: the founder comes back to it.
      await page.reload();
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: tasks('title') })).toBeVisible();
      // The recorded week earns the weekly habit's 10 points (decision 142).
      await expect(page.getByTestId('points-total')).toHaveText('10');
      await expectNoAxeViolations(page);

      // Too short: the interface's own message, nothing sent.
      await page.getByLabel(tasks('form.hypothesis.label')).fill('Calls cut churn');
      await page.getByRole('button', { name: tasks('create.submit') }).click();
      await expect(page.getByText(tasks('validation:tasks.hypothesisMin').replace('{{min}}', '20'))).toBeVisible();
      await expect(page.getByText(tasks('validation:tasks.metricRequired'))).toBeVisible();
      await expect(page.getByLabel(tasks('form.hypothesis.label'))).toBeFocused();

      await page.getByLabel(tasks('form.hypothesis.label')).fill('Onboarding calls in week one cut churn by half');
      await page.getByLabel(tasks('form.whyRelevant.label')).fill('Churn is our biggest leak');
      await page.getByLabel(tasks('form.metric.label')).selectOption('churnRate');
      await page.getByLabel(tasks('form.targetValue.label')).fill('0.03');
      await page.getByLabel(tasks('form.ice.impact.label'), { exact: true }).fill('8');
      await page.getByLabel(tasks('form.ice.confidence.label'), { exact: true }).fill('6');
      await page.getByLabel(tasks('form.ice.ease.label'), { exact: true }).fill('5');
      await expect(page.getByTestId('ice-total')).toHaveText(ice('2.4'));
      await page.getByLabel(tasks('form.dueDate.label')).fill('2026-12-04');
      await page.getByRole('button', { name: tasks('create.submit') }).click();
      await expect(page.getByText(tasks('create.success'))).toBeVisible();
      await expect(page.getByTestId('points-total')).toHaveText('20');
      await expect(page.getByTestId('level')).toHaveText('1');

      // Active, with its ICE total, and the target in the metric's unit beside the value now; edit it.
      const active = page.getByRole('list', { name: tasks('active.label') });
      await expect(active.getByRole('heading', { name: 'Onboarding calls in week one cut churn by half' })).toBeVisible();
      await expect(fact(active, tasks('task.target'))).toHaveText(percent(0.03));
      await expect(fact(active, tasks('task.now'))).toHaveText(percent(churnThen));
      const dueDay = new Intl.DateTimeFormat(HTML_LANG[language], { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date('2026-12-04T00:00:00Z'));
      await expect(fact(active, tasks('task.due'))).toHaveText(dueDay);
      await expect(active.getByText(ice('2.4'), { exact: true })).toBeVisible();
      await active.getByRole('button', { name: tasks('active.edit') }).click();
      const editDialog = page.getByRole('dialog', { name: tasks('edit.title') });
      await editDialog.getByLabel(tasks('form.hypothesis.label')).fill('A welcome call in week one halves churn');
      await editDialog.getByLabel(tasks('form.ice.impact.label'), { exact: true }).fill('10');
      await expect(editDialog.getByTestId('ice-total')).toHaveText(ice('3.0'));
      await editDialog.getByRole('button', { name: tasks('edit.submit') }).click();
      await expect(editDialog).toBeHidden();
      await expect(active.getByRole('heading', { name: 'A welcome call in week one halves churn' })).toBeVisible();
      await expect(active.getByText(ice('3.0'), { exact: true })).toBeVisible();

      // Complete it with notes, after a better week (the value when completed).
      const churnAtCompletion = await recordChurnWeek(page, 1, 2);
      await active.getByRole('button', { name: tasks('active.complete') }).click();
      const completeDialog = page.getByRole('dialog', { name: tasks('complete.title') });
      await expectNoAxeViolations(page);
      await completeDialog.getByRole('button', { name: tasks('complete.submit') }).click();
      await expect(completeDialog.getByText(tasks('validation:tasks.completionNotes'))).toBeVisible();
      await expect(completeDialog.getByText(tasks('validation:tasks.outcome'))).toBeVisible();
      await completeDialog.getByRole('radio', { name: tasks('outcome.invalidated') }).check();
      await completeDialog.getByLabel(tasks('complete.notes')).fill('Churn fell from 6 % to 3.5 % in four weeks');
      await completeDialog.getByRole('button', { name: tasks('complete.submit') }).click();
      await expect(page.getByText(tasks('complete.success'))).toBeVisible();
      // The task's 15 and another recorded week's 10.
      await expect(page.getByTestId('points-total')).toHaveText('45');
      await expect(page.getByText(tasks('active.empty'))).toBeVisible();

      // A worse week since: 'now' is not 'when completed'.
      const churnNow = await recordChurnWeek(page, 0, 11);
      expect(new Set([churnThen, churnAtCompletion, churnNow]).size).toBe(3);
      // Recorded outside this page: the founder comes back to it.
      await page.reload();
      await waitForApp(page);

      await page.getByRole('tab', { name: tasks('tabs.done') }).click();
      const done = page.getByRole('list', { name: tasks('done.label') });
      await expect(done.getByRole('heading', { name: 'A welcome call in week one halves churn' })).toBeVisible();
      await expect(done.getByText('Churn fell from 6 % to 3.5 % in four weeks')).toBeVisible();
      await expect(done.getByText(tasks('outcome.invalidated'), { exact: true })).toBeVisible();
      // Created and completed today; the metric when created, when completed, and now, as percentages.
      const today = new Intl.DateTimeFormat(HTML_LANG[language], { dateStyle: 'medium' }).format(new Date());
      await expect(fact(done, tasks('done.created'))).toHaveText(today);
      await expect(fact(done, tasks('done.completed'))).toHaveText(today);
      await expect(fact(done, tasks('done.then'))).toHaveText(percent(churnThen));
      await expect(fact(done, tasks('done.atCompletion'))).toHaveText(percent(churnAtCompletion));
      await expect(fact(done, tasks('done.now'))).toHaveText(percent(churnNow));
      await expect(fact(done, tasks('task.target'))).toHaveText(percent(0.03));
      await expectNoAxeViolations(page);
    });

    test('links a task to a strategy maxima: the roadmap lists it there and flags the task linked to none', async ({ page }) => {
      const coreProblem = 'Corner shops run out of stock because reordering is manual';
      const statement = 'We win by making restocking invisible for corner shops';
      const maximas = ['Reorder in one tap from WhatsApp', 'Never let a best-seller run out'];
      // Version 1 says one maxima twice, word for word; version 2 is the strategy in force.
      for (const version of [[maximas[0], maximas[0]], maximas]) {
        expect((await page.request.put('/api/strategy', { data: { coreProblem, maximas: version, statement } })).status()).toBe(200);
      }
      const stray = 'Annual plans with a discount lift cash';
      const seeded = await page.request.post('/api/tasks', {
        data: { hypothesis: stray, whyRelevant: 'Runway is short', targetValue: 40, metric: 'runwayWeeks', impact: 7, confidence: 5, ease: 8 },
      });
      expect(seeded.status()).toBe(201);

      await page.goto('/high-performance-tasks');
      await waitForApp(page);
      // A target in weeks reads as weeks.
      await page.getByRole('tab', { name: tasks('tabs.active') }).click();
      const strayItem = page.getByRole('list', { name: tasks('active.label') }).getByRole('listitem').filter({ hasText: stray });
      await expect(fact(strayItem, tasks('task.target'))).toHaveText(text(language, 'common', 'units.weeks_other').replace('{{value}}', '40'));
      await page.getByRole('tab', { name: tasks('tabs.create') }).click();
      const linked = 'Best-seller alerts on WhatsApp stop stock-outs';
      await page.getByLabel(tasks('form.hypothesis.label')).fill(linked);
      await page.getByLabel(tasks('form.whyRelevant.label')).fill('Stock-outs lose our best customers');
      await page.getByLabel(tasks('form.metric.label')).selectOption('churnRate');
      await page.getByLabel(tasks('form.targetValue.label')).fill('0.02');
      await page.getByLabel(tasks('form.maxima.label')).selectOption({ label: maximas[1] as string });
      const created = page.waitForRequest((request) => request.url().endsWith('/api/tasks') && request.method() === 'POST');
      await page.getByRole('button', { name: tasks('create.submit') }).click();
      expect((await created).postDataJSON()).toMatchObject({ hypothesis: linked, maximaIndex: 1 });
      await expect(page.getByText(tasks('create.success'))).toBeVisible();
      const card = page.getByRole('list', { name: tasks('active.label') }).getByRole('listitem').filter({ hasText: linked });
      await expect(card).toContainText(`${tasks('task.maxima')}${maximas[1]}`);

      await page.goto('/strategy-builder');
      await waitForApp(page);
      const roadmap = page.getByRole('region', { name: strategy('roadmap.title') });
      const branch = (maxima: string) =>
        roadmap.getByRole('list', { name: strategy('roadmap.maximasLabel') }).getByRole('listitem').filter({ has: page.getByText(maxima, { exact: true }) });
      await expect(branch(maximas[1] as string)).toContainText(linked);
      await expect(branch(maximas[0] as string)).toContainText(strategy('roadmap.noTasks'));
      await expect(roadmap.getByText(strategy('roadmap.unlinked_one').replace('{{count}}', '1'))).toBeVisible();
      await expect(roadmap.getByRole('listitem').filter({ hasText: stray })).toHaveCount(1);
      await expect(branch(maximas[1] as string)).not.toContainText(stray);
      await expectNoAxeViolations(page);

      // Comparing version 1 lists its repeated maxima twice (beside the current version's one).
      const history = page.getByRole('region', { name: strategy('versions.title') });
      await history.getByRole('button', { name: strategy('versions.view').replace('{{version}}', '1') }).click();
      const compare = page.getByRole('dialog', { name: strategy('versions.compareTitle').replace('{{version}}', '1') });
      await expect(compare.getByRole('listitem').filter({ hasText: maximas[0] as string })).toHaveCount(3);
      await expect(compare.getByRole('listitem').filter({ hasText: maximas[1] as string })).toHaveCount(1);
    });

    test('builds and saves a strategy twice, restores version 1, and unlocks Strategy Master', async ({ page }) => {
      await page.goto('/strategy-builder');
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: strategy('title') })).toBeVisible();
      await expect(page.getByText(strategy('unsaved'))).toBeVisible();
      await expectNoAxeViolations(page);

      // Each step must be complete before the next.
      const next = page.getByRole('button', { name: strategy('next'), exact: true });
      await page.getByLabel(strategy('steps.coreProblem.label')).fill('Shops run out');
      await expect(next).toBeDisabled();
      await expect(page.getByText('13 / 20')).toBeVisible();
      await page.getByLabel(strategy('steps.coreProblem.label')).fill('Corner shops run out of stock because reordering is manual');
      await next.click();

      const maxima = (n: number) => page.getByLabel(strategy('steps.maximas.label').replace('{{number}}', String(n)), { exact: true });
      await maxima(1).fill('Reorder in one tap from WhatsApp');
      await page.getByRole('button', { name: strategy('steps.maximas.add') }).click();
      await maxima(2).fill('Never let a best-seller run out');
      await next.click();

      await page.getByLabel(strategy('steps.statement.label')).fill('We win by making restocking invisible for corner shops');
      await page.getByRole('button', { name: strategy('save.submit') }).click();
      await expect(page.getByText(strategy('save.success').replace('{{version}}', '1'))).toBeVisible();
      const unlockedToast = page.getByText(gamification('toast.unlocked').replace('{{name}}', gamification('achievements.strategy-master.name')));
      await expect(unlockedToast).toBeVisible();
      await expect(page.getByTestId('points-total')).toHaveText('20');
      await expect(page.getByTestId('level')).toHaveText('1');

      // The roadmap flags maximas without tasks.
      const roadmap = page.getByRole('region', { name: strategy('roadmap.title') });
      await expect(roadmap.getByText(strategy('roadmap.noTasks'))).toHaveCount(2);

      // Second save.
      await page.getByLabel(strategy('steps.statement.label')).fill('We win by owning the reorder moment of every corner shop');
      await page.getByRole('button', { name: strategy('save.submit') }).click();
      await expect(page.getByText(strategy('save.success').replace('{{version}}', '2'))).toBeVisible();
      await expect(page.getByText(strategy('currentVersion').replace('{{version}}', '2'))).toBeVisible();

      // A change not saved yet survives a reload.
      await page.getByLabel(strategy('steps.statement.label')).fill('We win by owning reorders, not saved yet');
      await page.reload();
      await waitForApp(page);
      await next.click();
      await next.click();
      await expect(page.getByLabel(strategy('steps.statement.label'))).toHaveValue('We win by owning reorders, not saved yet');

      // Compare version 1 with the current one, then restore it as version 3.
      const history = page.getByRole('region', { name: strategy('versions.title') });
      await history.getByRole('button', { name: strategy('versions.view').replace('{{version}}', '1') }).click();
      const compare = page.getByRole('dialog', { name: strategy('versions.compareTitle').replace('{{version}}', '1') });
      // The words that changed are marked: removed on version 1's side, added on the current one's.
      await expect(compare.locator('del')).toHaveText([`${strategy('versions.removed')} making restocking invisible for`, `${strategy('versions.removed')} shops`]);
      await expect(compare.locator('ins')).toHaveText([`${strategy('versions.added')} owning the reorder moment of every`, `${strategy('versions.added')} shop`]);
      await expect(compare.getByText('Corner shops run out of stock because reordering is manual')).toHaveCount(2);
      await expectNoAxeViolations(page);
      await compare.getByRole('button', { name: strategy('versions.restore').replace('{{version}}', '1') }).click();
      await expect(page.getByText(strategy('currentVersion').replace('{{version}}', '3'))).toBeVisible();
      await expect(page.getByLabel(strategy('steps.coreProblem.label'))).toHaveValue('Corner shops run out of stock because reordering is manual');
      await page.getByRole('button', { name: strategy('next'), exact: true }).click();
      await page.getByRole('button', { name: strategy('next'), exact: true }).click();
      await expect(page.getByLabel(strategy('steps.statement.label'))).toHaveValue('We win by making restocking invisible for corner shops');
      await expect(history.getByText(strategy('versions.restoredFrom').replace('{{version}}', '1'))).toBeVisible();
      // Points were awarded once, for the first strategy.
      await expect(page.getByTestId('points-total')).toHaveText('20');

      // The toast is not shown again on the next visit: it was marked seen.
      const standing = (await (await page.request.get('/api/me/gamification')).json()) as { newBadges: string[]; badges: { key: string }[] };
      expect(standing).toMatchObject({ newBadges: [], badges: [expect.objectContaining({ key: 'strategy-master' })] });
      await page.goto('/high-performance-tasks');
      await waitForApp(page);
      await expect(page.getByTestId('points-total')).toHaveText('20');
      await expect(unlockedToast).toHaveCount(0);
      // …and the badge shows as unlocked among the achievements.
      await page.getByText(gamification('achievementsSummary').replace('{{unlocked}}', '1').replace('{{total}}', '7')).click();
      const badge = page.getByRole('list', { name: gamification('achievementsLabel') }).getByRole('listitem').filter({ hasText: gamification('achievements.strategy-master.name') });
      await expect(badge).toContainText(gamification('unlocked'));

      // The Overview names it among the achievements unlocked.
      await page.goto('/overview');
      await waitForApp(page);
      const progress = page.getByRole('region', { name: text(language, 'overview', 'achievements.overviewTitle') });
      await expect(progress.getByRole('list', { name: text(language, 'overview', 'achievements.unlocked') }).getByRole('listitem')).toHaveText([
        gamification('achievements.strategy-master.name'),
      ]);
      await expect(progress.getByTestId('overview-level')).toHaveText('1');
    });
  });
}

test('the tasks and strategy pages pass axe in the dark theme at phone width', async ({ page }) => {
  await signUpFounder(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 800 });
  const seeded = await page.request.post('/api/tasks', {
    data: { hypothesis: 'Annual plans with a discount lift cash', whyRelevant: 'Runway is short', targetValue: 40, metric: 'runwayWeeks', impact: 7, confidence: 5, ease: 8 },
  });
  expect(seeded.status()).toBe(201);
  await page.goto('/high-performance-tasks');
  await waitForApp(page);
  await page.getByRole('tab', { name: text('en', 'tasks', 'tabs.active') }).click();
  await expect(page.getByRole('heading', { name: 'Annual plans with a discount lift cash' })).toBeVisible();
  await expectNoAxeViolations(page);
  // The completion dialog asks for the result, and the Done tab shows it.
  await page.getByRole('button', { name: text('en', 'tasks', 'active.complete') }).click();
  const dialog = page.getByRole('dialog', { name: text('en', 'tasks', 'complete.title') });
  await dialog.getByRole('radio', { name: text('en', 'tasks', 'outcome.inconclusive') }).check();
  await dialog.getByLabel(text('en', 'tasks', 'complete.notes')).fill('Two annual sales; too few to tell');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: text('en', 'tasks', 'complete.submit') }).click();
  await page.getByRole('tab', { name: text('en', 'tasks', 'tabs.done') }).click();
  await expect(page.getByRole('list', { name: text('en', 'tasks', 'done.label') }).getByText(text('en', 'tasks', 'outcome.inconclusive'), { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/strategy-builder');
  await waitForApp(page);
  await expect(page.getByText(text('en', 'strategy', 'unsaved'))).toBeVisible();
  await expectNoAxeViolations(page);
});
