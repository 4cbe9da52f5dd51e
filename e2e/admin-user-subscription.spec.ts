import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, onboardByApi, signUpByApi, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';

/**
 * The admin's page of one founder shows their subscription and its history (read only), in
 * each language. RUMBO_ADMIN_EMAILS in playwright.config.ts makes e2e-admin-session@example.com an admin.
 */
for (const [language, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  test(`an admin reads a founder's subscription on their page (${language})`, async ({ page, request }) => {
    const admin = (key: string) => text(language, 'admin', key);
    await page.setViewportSize(viewport);
    const signUp = await request.post('/api/auth/sign-up/email', { data: { email: uniqueEmail('admin-sub'), password: 'a long enough password', name: 'Rosa', termsAccepted: true } });
    expect(signUp.status()).toBe(200);
    const founderId = ((await signUp.json()) as { user: { id: string } }).user.id;

    await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
    await signUpByApi(page, { name: 'Ada', email: 'e2e-admin-session@example.com' });
    if (!(await (await page.request.get('/api/me')).json()).onboardingCompleted) await onboardByApi(page);
    expect((await page.request.patch('/api/me', { data: { preferredLanguage: language } })).ok()).toBe(true);

    await page.goto(`/admin/users/${founderId}`);
    await expect(page.getByRole('heading', { level: 2, name: admin('userPage.subscription') })).toBeVisible();
    // A new founder is in the trial: the plan says so, and the history is there to read.
    await expect(page.getByText(admin('usersSection.subscription.phase.trialing'), { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: admin('usersSection.subscription.history') })).toBeVisible();
    await expectNoAxeViolations(page, `/admin/users/:id with the subscription (${language})`);
  });
}
