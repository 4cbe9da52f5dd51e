import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readZip } from '../tests/support/read-zip.ts';
import { validTask } from '../tests/integration/support/task-fixtures.ts';
import { expectNoAxeViolations, signUpFounder, signUpInBrowser } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * "Download my data" before deleting, then signing up again with the same address
 * (decisions 196 and 197): the zip holds the founder's data; the new account starts empty.
 */
for (const language of ['en', 'es-LA'] as const) {
  const subscription = (key: string) => text(language, 'subscription', key);

  test(`downloads the data zip from the danger zone, deletes the account, and signs up again with the same address (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    const { email } = await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Lucía' });
    expect((await page.request.patch('/api/me', { data: { preferredLanguage: language } })).ok()).toBe(true);
    const task = await page.request.post('/api/tasks', { data: { ...validTask, hypothesis: 'Calling new shops in week one cuts churn' } });
    expect(task.status(), await task.text()).toBe(201);

    await page.goto('/subscription');
    await waitForApp(page);
    const zone = page.getByRole('region', { name: subscription('dangerZone.title') });
    await expect(zone.getByText(subscription('dangerZone.downloadHint'))).toBeVisible();
    await expectNoAxeViolations(page);

    const downloading = page.waitForEvent('download');
    await zone.getByRole('link', { name: subscription('dangerZone.download') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^rumbo-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = await readZip(await readFile((await download.path())!));
    const names = files.map((file) => file.name);
    expect(names).toEqual(expect.arrayContaining(['README.txt', 'profile.json', 'metrics.csv', 'tasks.json', 'strategy-versions.json', 'ai-context.json', 'conversations.json']));
    const readme = files.find((file) => file.name === 'README.txt')!.bytes.toString('utf8');
    expect(readme).toContain(language === 'en' ? 'Your Rumbo data' : 'Tus datos de Rumbo');
    expect(files.find((file) => file.name === 'tasks.json')!.bytes.toString('utf8')).toContain('Calling new shops in week one cuts churn');

    // The dialog offers the download again, then deletes.
    await zone.getByRole('button', { name: subscription('dangerZone.delete') }).click();
    const dialog = page.getByRole('dialog', { name: subscription('dangerZone.dialogTitle') });
    await expect(dialog.getByRole('link', { name: subscription('dangerZone.dialogDownload') })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByLabel(subscription('dangerZone.confirmLabel')).fill(email);
    await dialog.getByRole('button', { name: subscription('dangerZone.confirm') }).click();
    await expect(page.getByText(subscription('dangerZone.deleted'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);

    // The same address signs up again as a new, empty account.
    await signUpInBrowser(page, language, { fullName: 'Lucía Again', email });
    const me = await (await page.request.get('/api/me')).json();
    expect(me).toMatchObject({ email, onboardingCompleted: false });
    expect(await (await page.request.get('/api/tasks')).json()).toEqual([]);
  });
}
