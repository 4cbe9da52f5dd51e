import { type Browser, expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInAdmin, signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * A reported chat message reaches the admin area (decision 174) with the text, author,
 * reporter and reason; removing it takes it out of the room of a founder who has it open,
 * dismissing leaves it. RUMBO_ADMIN_EMAILS in playwright.config.ts makes the admin one.
 */
async function founderInTheRoom(browser: Browser, language: 'en' | 'es-LA') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
  // In the trial: chat is open.
  const { email } = await signUpFounder(page, {}, { email: uniqueEmail('chat-report') });
  return { page, email, close: () => context.close() };
}

for (const [language, viewport, action] of [
  ['en', { width: 1280, height: 900 }, 'remove'],
  ['es-LA', { width: 390, height: 844 }, 'dismiss'],
] as const) {
  test(`an admin sees a reported message with its reason and ${action === 'remove' ? 'removes it for everyone' : 'dismisses the report'} (${language}, ${viewport.width} px)`, async ({ browser, page }) => {
    const admin = (key: string) => text(language, 'admin', key);
    const community = (key: string) => text(language, 'community', key);
    const author = await founderInTheRoom(browser, language);
    const reader = await founderInTheRoom(browser, language);
    const said = `Buy my course ${Date.now()}`;
    const posted = await author.page.request.post('/api/community/rooms/general/messages', { data: { body: said } });
    expect(posted.status()).toBe(201);
    const { id } = (await posted.json()) as { id: number };
    expect((await reader.page.request.post(`/api/community/messages/${id}/report`, { data: { reason: 'spam' } })).status()).toBe(204);
    await reader.page.goto('/community');
    await waitForApp(reader.page);
    const room = reader.page.getByRole('region', { name: community('chat.title') }).getByTestId('chat-messages');
    await expect(room.getByText(said, { exact: true })).toBeVisible();

    await page.setViewportSize(viewport);
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signInAdmin(page, 'e2e-admin-chat@example.com', language);
    await page.goto('/admin');
    await waitForApp(page);
    await page.getByRole('navigation', { name: admin('sections.label') }).getByRole('link', { name: admin('sections.chatReports') }).click();
    await expect(page.getByRole('heading', { level: 2, name: admin('chatReports.title') })).toBeVisible();
    const report = page.getByRole('listitem').filter({ hasText: said });
    await expect(report.getByRole('heading', { level: 3 })).toContainText(community('chat.reasons.spam'));
    await expect(report.getByRole('link', { name: reader.email })).toBeVisible();
    await expect(report.getByRole('link', { name: author.email })).toBeVisible();
    if (language === 'es-LA') await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page, `/admin/chat-reports (${language}${language === 'es-LA' ? ', dark' : ''})`);

    if (action === 'remove') {
      await report.getByRole('button', { name: admin('chatReports.remove') }).click();
      await expect(page.getByText(admin('chatReports.removed'), { exact: true }).first()).toBeVisible();
      // Gone from the reader's open room at once.
      await expect(room.getByText(said, { exact: true })).toHaveCount(0);
    } else {
      await report.getByRole('button', { name: admin('chatReports.dismiss') }).click();
      await expect(page.getByText(admin('chatReports.dismissed'), { exact: true }).first()).toBeVisible();
      await reader.page.reload();
      await waitForApp(reader.page);
      await expect(room.getByText(said, { exact: true })).toBeVisible();
    }
    // Off the open list; on the resolved one with what was decided.
    await expect(report).toHaveCount(0);
    await page.getByLabel(admin('chatReports.filter'), { exact: true }).selectOption('resolved');
    await expect(report.getByText(admin(`chatReports.resolution.${action === 'remove' ? 'removed' : 'dismissed'}`))).toBeVisible();
    await Promise.all([author.close(), reader.close()]);
  });
}
