import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, onboardByApi, signUpByApi } from './support/founder.ts';
import { text } from './support/locales.ts';

/**
 * Admin › Telemetry (docs/decisions/189-telemetry.md): the last hour and the last day of this
 * server, in each language, accessible on a phone and a desktop. RUMBO_ADMIN_EMAILS in
 * playwright.config.ts makes e2e-admin-session@example.com an admin.
 */
for (const [language, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  test(`an admin reads the telemetry of the last hour and day (${language})`, async ({ page }) => {
    const admin = (key: string) => text(language, 'admin', key);
    await page.setViewportSize(viewport);
    await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
    await signUpByApi(page, { name: 'Ada', email: 'e2e-admin-session@example.com' });
    if (!(await (await page.request.get('/api/me')).json()).onboardingCompleted) await onboardByApi(page);
    expect((await page.request.patch('/api/me', { data: { preferredLanguage: language } })).ok()).toBe(true);

    await page.goto('/admin');
    await page.getByRole('link', { name: admin('sections.telemetry') }).click();
    await expect(page.getByRole('heading', { level: 2, name: admin('telemetry.title') })).toBeVisible();
    const hour = page.getByRole('button', { name: admin('telemetry.ranges.hour') });
    await expect(hour).toHaveAttribute('aria-pressed', 'true');
    for (const key of ['requests', 'errors', 'p95', 'jobRuns', 'memory']) {
      await expect(page.getByRole('heading', { level: 3, name: admin(`telemetry.${key}`) })).toBeVisible();
    }
    await expectNoAxeViolations(page, `/admin/telemetry (${language})`);

    await page.getByRole('button', { name: admin('telemetry.ranges.day') }).click();
    await expect(page.getByRole('button', { name: admin('telemetry.ranges.day') })).toHaveAttribute('aria-pressed', 'true');
    await expect(hour).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('heading', { level: 3, name: admin('telemetry.memory') })).toBeVisible();
  });
}
