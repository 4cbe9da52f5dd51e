import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

for (const language of ['en', 'es-LA'] as const) {
  const t = (key: string) => text(language, 'community', key);
  test(`chat (${language}): A posts and B sees it live; B reports it and blocks A, and A's messages vanish for B`, async ({ browser }) => {
    const contexts = await Promise.all([browser.newContext(), browser.newContext()]);
    const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
    for (const page of [a!, b!]) {
      await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
      // In the trial: chat is open.
      await signUpFounder(page, {}, { email: uniqueEmail('chat') });
      await page.goto('/community');
      await waitForApp(page);
    }
    if (language === 'es-LA') await b!.setViewportSize({ width: 390, height: 844 });
    const roomOf = (page: typeof a) => page!.getByRole('region', { name: t('chat.title') });
    const said = `Hello from A ${Date.now()}`;
    await roomOf(a).getByLabel(t('chat.message')).fill(said);
    await roomOf(a).getByRole('button', { name: t('chat.send') }).click();

    const seen = roomOf(b).getByTestId('chat-messages').getByRole('listitem').filter({ hasText: said });
    await expect(seen).toBeVisible();
    await expectNoAxeViolations(b!);

    // A edits it: B sees the new text live, marked as edited.
    const mine = roomOf(a).getByTestId('chat-messages').getByRole('listitem').filter({ hasText: said });
    await mine.getByRole('button', { name: t('chat.edit') }).click();
    const edited = `${said} (typo fixed)`;
    await mine.getByLabel(t('chat.editLabel')).fill(edited);
    await mine.getByRole('button', { name: t('chat.save') }).click();
    await expect(mine.getByText(t('chat.edited'), { exact: true })).toBeVisible();
    await expect(seen).toContainText(edited);
    await expect(seen.getByText(t('chat.edited'), { exact: true })).toBeVisible();
    // Only one's own message has Edit; another's has Report and Block.
    await expect(seen.getByRole('button', { name: t('chat.edit') })).toHaveCount(0);

    await seen.getByRole('button', { name: t('chat.report') }).click();
    await seen.getByLabel(t('chat.reason')).selectOption('abuse');
    await expectNoAxeViolations(b!);
    await seen.getByRole('button', { name: t('chat.sendReport') }).click();
    await expect(b!.getByText(t('chat.reported'))).toBeVisible();
    await seen.getByRole('button', { name: t('chat.block') }).click();
    await expect(roomOf(b).getByText(said)).toHaveCount(0);
    // A still sees their own message.
    await expect(roomOf(a).getByText(said)).toBeVisible();
    await Promise.all(contexts.map((context) => context.close()));
  });
}
