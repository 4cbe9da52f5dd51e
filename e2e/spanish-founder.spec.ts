import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { isoWeekOf, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { loadOrCreateSecret } from '../src/server/auth/secret.ts';
import { unpackBackup } from '../src/server/db/backup.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { createWeeklyEmailScheduler } from '../src/server/features/weekly-email/scheduler.ts';
import { createLogger } from '../src/server/logger.ts';
import { createMailer } from '../src/server/mail/mailer.ts';
import { readOutbox } from '../src/server/mail/read-outbox.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations, onboardByApi, signUpInBrowser, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { waitForApp } from './support/ready.ts';

const tasks = (key: string) => text('es-LA', 'tasks', key);
const reports = (key: string) => text('es-LA', 'reports', key);
const validation = (key: string) => text('es-LA', 'validation', key);

type StoredTask = { hypothesis: string; metric: string; targetValue: number };
const activeTasks = async (page: Page) => (await (await page.request.get('/api/tasks?status=active')).json()) as StoredTask[];

/**
 * A Chilean founder whose browser speaks Spanish signs up on the Spanish page without touching
 * the language selector (decision 242), types numbers as a Chilean writes them into task targets
 * and a scenario, and gets the Monday e-mail in Spanish: the weekly e-mail job runs on a backup
 * of the server's database at next Monday noon in Santiago, as tests/integration/weekly-emails.test.ts
 * runs it with its clock moved (the server itself cannot be asked to live on Monday).
 */
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '';
// The browser says Spanish (Chile), and nothing else does: no language chosen on the page.
test.use({ locale: 'es-CL', timezoneId: 'America/Santiago', viewport: { width: 390, height: 844 } });

/** Runs the weekly e-mail job at `at` on a backup of the e2e server's database (`npm run backup`, through its socket); its e-mails land in the returned outbox. */
async function weeklyEmailsOnACopy(at: Date): Promise<string> {
  const copyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-copy-'));
  const file = path.join(copyDir, 'backup.tar.gz');
  const backup = spawnSync(process.execPath, ['scripts/backup.ts', file], { env: { ...process.env, DATA_DIR: E2E_DATA_DIR }, encoding: 'utf8' });
  expect(backup.status, backup.stderr).toBe(0);
  const restoredDir = path.join(copyDir, 'data');
  const { databaseDump } = await unpackBackup(file, restoredDir);
  const database = await openDatabase({ memory: true, template: databaseDump });
  try {
    const logger = createLogger('silent');
    const scheduler = createWeeklyEmailScheduler({
      db: database.db,
      mailer: createMailer({ smtpUrl: undefined, from: 'Rumbo <hola@rumbo.test>', outboxDir: path.join(restoredDir, 'outbox'), logger }),
      logger,
      appUrl: 'http://localhost',
      secret: loadOrCreateSecret(restoredDir),
      trialDays: () => 14,
      now: () => at,
    });
    expect((await scheduler.tick()).sent).toBeGreaterThanOrEqual(1);
  } finally {
    await database.close();
  }
  return path.join(restoredDir, 'outbox');
}

/** Fills a new task up to its target field, for `metric`. */
async function newTask(page: Page, metric: string, hypothesis: string) {
  await page.getByRole('tab', { name: tasks('tabs.create') }).click();
  await page.getByLabel(tasks('form.hypothesis.label')).fill(hypothesis);
  await page.getByLabel(tasks('form.whyRelevant.label')).fill('Es lo que más nos duele hoy');
  await page.getByLabel(tasks('form.metric.label')).selectOption(metric);
  return page.getByLabel(tasks('form.targetValue.label'));
}

test('es-LA, 390 px: signed up in Spanish by the browser alone, numbers read as typed, the Monday e-mail in Spanish', async ({ page }) => {
  // Five tasks, a scenario, a copy of the database and a Monday run of the e-mail job: more
  // than the default minute on a loaded 2-core machine.
  test.setTimeout(150_000);
  const email = uniqueEmail('hola');
  await signUpInBrowser(page, 'es-LA', { fullName: 'Valentina Rojas', email });
  expect(await (await page.request.get('/api/me')).json()).toMatchObject({ preferredLanguage: 'es-LA' });
  await page.goto(await linkFromOutbox(E2E_DATA_DIR, email, 'confirm-email'));
  await onboardByApi(page, { country: 'CL', currency: 'CLP' });
  const now = weekIndex(isoWeekOf(new Date()));
  for (const offset of [2, 1]) {
    const { year, week } = weekFromIndex(now - offset);
    expect((await page.request.put(`/api/metrics/weeks/${year}/${week}`, { data: workedWeek })).status()).toBe(200);
  }

  await page.goto('/high-performance-tasks');
  await waitForApp(page);
  const submit = page.getByRole('button', { name: tasks('create.submit') });
  const typed = [
    { metric: 'mrr', hypothesis: 'Un plan anual sube el MRR', target: '65.000', stored: 65_000, shown: '65.000' },
    { metric: 'churnRate', hypothesis: 'Una llamada de bienvenida baja el churn', target: '0,01', stored: 0.01, shown: '1' },
    { metric: 'runwayWeeks', hypothesis: 'Cobrar por adelantado alarga la pista', target: '1.234,5', stored: 1234.5, shown: '1.234,5' },
    { metric: 'weeklyBurnRate', hypothesis: 'Vender el equipo viejo deja la quema en negativo', target: '\u22125', stored: -5, shown: '5' },
  ];
  for (const [index, task] of typed.entries()) {
    const target = await newTask(page, task.metric, task.hypothesis);
    if (index === 0) {
      // Letters are refused under the field, and nothing is saved.
      await target.fill('doce');
      await submit.click();
      await expect(page.getByText(validation('numbers.notANumber'))).toBeVisible();
      expect(await activeTasks(page)).toHaveLength(0);
    }
    await target.fill(task.target);
    await submit.click();
    // Saved, the page moves to the active tasks by itself.
    await expect(page.getByRole('tab', { name: tasks('tabs.active') })).toHaveAttribute('aria-selected', 'true');
    await expect.poll(async () => (await activeTasks(page)).find((stored) => stored.hypothesis === task.hypothesis)?.targetValue).toBe(task.stored);
  }
  for (const task of typed) await expect(page.getByRole('heading', { name: task.hypothesis }).locator('..')).toContainText(task.shown);
  await expectNoAxeViolations(page);

  // A scenario's hire at 8.000 pesos a month is 8 000.
  await page.goto('/metrics/scenarios');
  await waitForApp(page);
  const plan = page.getByTestId('scenario').first();
  await plan.getByLabel(reports('scenarios.addChange')).selectOption('hire');
  const cost = plan.getByLabel(reports('scenarios.fields.hire.monthlyCost'));
  await cost.fill('8.000');
  await cost.press('Tab');
  await expect(cost).toHaveValue(/^8\.000(,00)?$/);
  await expect(page.getByRole('status').filter({ hasText: reports('scenarios.saved') })).toBeVisible();
  const saved = (await (await page.request.get('/api/reports/scenarios')).json()) as { scenarios: { changes: { kind: string; values: Record<string, string> }[] }[] };
  expect(saved.scenarios[0]!.changes).toEqual([expect.objectContaining({ kind: 'hire', values: expect.objectContaining({ monthlyCost: expect.stringMatching(/^8\.000(,00)?$/) }) })]);
  await page.screenshot({ path: 'test-results/spanish-founder-390.png', fullPage: true });

  // Next Monday at noon in Santiago (15:00 UTC): the Monday e-mail is due.
  const monday = new Date();
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7));
  monday.setUTCHours(15, 0, 0, 0);
  const outbox = await weeklyEmailsOnACopy(monday);
  const mondayEmail = readOutbox(outbox).filter((message) => message.to === email && message.kind === 'monday-metrics');
  fs.rmSync(path.dirname(path.dirname(outbox)), { recursive: true, force: true });
  expect(mondayEmail).toHaveLength(1);
  expect(mondayEmail[0]!.subject).toMatch(/^Tus números de la semana del /);
  expect(mondayEmail[0]!.text).toContain('Valentina');
});
