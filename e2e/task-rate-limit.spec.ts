import { expect, test } from '@playwright/test';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { FOUNDER_PASSWORD, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** Task creation at its real limit (10 an hour: docs/product.md#rate-limits), on a server of its own. */
let strict: AppServer;
test.beforeAll(async () => {
  strict = await startAppServer({ env: { RATE_LIMIT_SCALE: '1' } });
});
test.afterAll(async () => {
  await strict?.stop();
});

const task = (n: number) => ({
  hypothesis: `Hypothesis number ${n}: weekly calls cut churn`,
  whyRelevant: 'Churn is our biggest leak',
  targetValue: 0.005,
  metric: 'churnRate',
  impact: 5,
  confidence: 5,
  ease: 5,
});

for (const language of ['en', 'es-LA'] as const) {
  const tasks = (key: string) => text(language, 'tasks', key);

  test(`the 11th task in an hour says 'Rate limit exceeded' and how long to wait, and keeps the form (${language})`, async ({ page }) => {
    const signUp = await page.request.post(`${strict.url}/api/auth/sign-up/email`, {
      data: { email: uniqueEmail('limit'), password: FOUNDER_PASSWORD, name: 'Lucía', termsAccepted: true },
    });
    expect(signUp.status()).toBe(200);
    await page.request.post(`${strict.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    for (let n = 1; n <= 10; n++) expect((await page.request.post(`${strict.url}/api/tasks`, { data: task(n) })).status()).toBe(201);

    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await page.goto(`${strict.url}/high-performance-tasks`);
    await waitForApp(page);
    const hypothesis = page.getByLabel(tasks('form.hypothesis.label'));
    await hypothesis.fill('Onboarding calls in week one cut churn by half');
    await page.getByLabel(tasks('form.whyRelevant.label')).fill('Churn is our biggest leak');
    await page.getByLabel(tasks('form.metric.label')).selectOption('churnRate');
    await page.getByLabel(tasks('form.targetValue.label')).fill('0.005');
    await page.getByRole('button', { name: tasks('create.submit') }).click();

    await expect(page.getByText(tasks('create.rateLimited'))).toBeVisible();
    const wait = text(language, 'errors', 'rateLimitedWait_other').replace('{{count}}', '60');
    await expect(page.getByText(wait)).toBeVisible();
    // Nothing the founder typed is lost.
    await expect(hypothesis).toHaveValue('Onboarding calls in week one cut churn by half');
  });
}
