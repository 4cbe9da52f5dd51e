import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, onboardByApi, signUpByApi, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';

/**
 * The admin's validity check (docs/decisions/186-admin-session-check.md): an admin whose role
 * is removed while /admin is open is signed out at the next 2-minute check with 'Session
 * terminated' and the reason, in their language. RUMBO_ADMIN_EMAILS in playwright.config.ts
 * makes e2e-admin-session@example.com the admin who removes the role.
 */
for (const [language, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  test(`an admin whose role is removed gets "Session terminated" at the next check (${language})`, async ({ page, browser }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
    await page.clock.install();

    // The admin-to-be: an onboarded founder made an admin by the configured one.
    await signUpByApi(page, { name: 'Irene', email: uniqueEmail('admin-session') });
    await onboardByApi(page);
    const { user } = (await (await page.request.get('/api/auth/get-session')).json()) as { user: { id: string } };
    const bossContext = await browser.newContext();
    const boss = await bossContext.newPage();
    await signUpByApi(boss, { name: 'Ada', email: 'e2e-admin-session@example.com' });
    const setRole = (role: 'admin' | 'user') => boss.request.put(`/api/admin/users/${user.id}/role`, { data: { role } });
    expect((await setRole('admin')).status()).toBe(200);

    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: text(language, 'admin', 'title') })).toBeVisible();

    // Nothing happens until the next check, two minutes after the page opened.
    expect((await setRole('user')).status()).toBe(200);
    await bossContext.close();
    await page.clock.fastForward('01:30');
    await expect(page).toHaveURL(/\/admin$/);
    await page.clock.fastForward('00:35');
    await expect(page.getByText(text(language, 'session', 'terminated.title'))).toBeVisible();
    await expect(page.getByText(text(language, 'session', 'terminated.admin.not-admin'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    await expectNoAxeViolations(page, `/auth after the admin check (${language})`);
    // Signed out for real: the old session opens nothing.
    expect((await page.request.get('/api/me')).status()).toBe(401);
  });
}
