import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signInAdmin, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';

/**
 * An admin sees the alert raised by 5 failed sign-ins and acknowledges it with a note, in
 * each language (decision 208). RUMBO_ADMIN_EMAILS in playwright.config.ts
 * makes e2e-admin-alerts@example.com an admin.
 */
for (const [language, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  test(`an admin acknowledges the alert 5 failed sign-ins raised (${language})`, async ({ page, request, baseURL }) => {
    const admin = (key: string) => text(language, 'admin', key);
    const victim = uniqueEmail('alerts');
    expect((await request.post('/api/auth/sign-up/email', { data: { email: victim, password: 'a long enough password', name: 'Lucía', termsAccepted: true } })).status()).toBe(200);
    // Signed in by the sign-up: Better Auth wants the page's origin on a request with a cookie.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await request.post('/api/auth/sign-in/email', { data: { email: victim, password: 'not the password' }, headers: { origin: baseURL! } })).status()).toBe(401);
    }

    await page.setViewportSize(viewport);
    await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
    await signInAdmin(page, 'e2e-admin-alerts@example.com', language);
    await page.goto('/admin');
    await page.getByRole('link', { name: admin('sections.alerts'), exact: true }).click();
    await page.getByRole('button', { name: admin('alerts.scan') }).click();
    const card = page.getByRole('listitem').filter({ hasText: victim });
    await expect(card.getByRole('heading', { level: 3, name: `${admin('alerts.kind.failed_sign_ins')} · ${admin('alerts.severity.high')}` })).toBeVisible();
    await expectNoAxeViolations(page, `/admin/alerts (${language})`);

    await card.getByLabel(admin('alerts.note'), { exact: true }).fill('Lucía forgot her password');
    await card.getByRole('button', { name: admin('alerts.acknowledge') }).click();
    await expect(page.getByText(admin('alerts.acknowledged'))).toBeVisible();
    await expect(card.getByText('Lucía forgot her password')).toBeVisible();
    await expect(card.getByRole('button', { name: admin('alerts.acknowledge') })).toHaveCount(0);
  });
}
