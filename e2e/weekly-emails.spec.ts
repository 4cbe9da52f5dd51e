import { expect, test } from '@playwright/test';
import { loadOrCreateSecret } from '../src/server/auth/secret.ts';
import { unsubscribeToken } from '../src/server/features/weekly-email/unsubscribe-link.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * Where the weekly e-mails' links lead (their sending is tested in
 * tests/integration/weekly-emails.test.ts): the unsubscribe page, and the Tasks page's
 * active tab for the Friday reflection.
 */
const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '';

for (const [language, phone] of [['en', false], ['es-LA', true]] as const) {
  test(`the unsubscribe link asks, one click turns reminders off, and the profile shows it (${language}${phone ? ', phone' : ''})`, async ({ page }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signUpFounder(page);
    expect((await page.request.patch('/api/me', { data: { preferredLanguage: language } })).ok()).toBe(true);
    const me = await (await page.request.get('/api/me')).json();
    const reminders = page.getByRole('switch', { name: text(language, 'profile', 'fields.emailRemindersEnabled.label') });
    await page.goto('/profile');
    await waitForApp(page);
    await expect(reminders).toBeChecked();

    const token = unsubscribeToken(loadOrCreateSecret(E2E_DATA_DIR), me.id);
    await page.goto(`/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'en' ? 'en' : 'es-419');
    await expectNoAxeViolations(page);
    // Opening the link changed nothing yet (mail scanners open links too).
    expect((await (await page.request.get('/api/me')).json()).emailRemindersEnabled).toBe(true);
    await page.getByRole('button').click();
    await expect(page.getByRole('status')).toBeVisible();
    await page.screenshot({ path: `test-results/unsubscribed-${language}${phone ? '-phone' : ''}.png` });

    await page.goto('/profile');
    await waitForApp(page);
    await expect(reminders).not.toBeChecked();

    // An altered link is refused and changes nothing.
    const altered = await page.request.post(`/api/reminders/unsubscribe?token=${encodeURIComponent(token.slice(0, -3))}xyz`);
    expect(altered.status()).toBe(400);
  });
}

test('the Friday e-mail’s link opens the active tasks', async ({ page }) => {
  await signUpFounder(page);
  await page.goto('/high-performance-tasks?tab=active');
  await waitForApp(page);
  await expect(page.getByRole('tab', { name: text('en', 'tasks', 'tabs.active') })).toHaveAttribute('aria-selected', 'true');
});
