import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { escaped, fill, openCommunity } from './support/community.ts';
import { text } from './support/locales.ts';

/** Direct messages (decision 220): two founders in two browsers, one to one. */
for (const [language, viewport] of [
  ['en', { width: 1280, height: 800 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  const t = (key: string) => text(language, 'community', key);
  test(`direct messages (${language}, ${viewport.width} px): A writes to B from the room, B sees it live with a count and replies, B blocks A and A is refused`, async ({ browser }) => {
    const contexts = await Promise.all([browser.newContext({ viewport }), browser.newContext({ viewport })]);
    const [a, b] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page];
    await openCommunity(a, language, 'direct');
    await openCommunity(b, language, 'direct');
    const chatOf = (page: Page) => page.getByRole('region', { name: t('chat.title') });
    const send = async (page: Page, body: string) => {
      await chatOf(page).getByLabel(t('chat.message')).fill(body);
      await chatOf(page).getByRole('button', { name: t('chat.send') }).click();
    };
    const stamp = Date.now();

    // B says something in the room; A writes to B from B's message.
    const inRoom = `B in the room ${stamp}`;
    await send(b, inRoom);
    const bInRoom = chatOf(a).getByTestId('chat-messages').getByRole('listitem').filter({ hasText: inRoom });
    await bInRoom.getByRole('button', { name: t('chat.direct.message'), exact: true }).click();
    await expect(chatOf(a).getByTestId('conversation-heading')).toContainText(t('chat.direct.with'));
    const hello = `Hello B, just for you ${stamp}`;
    await send(a, hello);
    await expect(chatOf(a).getByTestId('chat-messages').getByText(hello)).toBeVisible();

    // B, still in the room, sees the conversation arrive with one unread message, live.
    const conversation = chatOf(b).getByTestId('chat-conversations').getByRole('button');
    await expect(conversation).toHaveCount(1);
    const oneUnread = new RegExp(escaped(fill(t('chat.unread_one'), { count: 1 })));
    await expect(conversation).toHaveAccessibleName(oneUnread);
    await expectNoAxeViolations(b);
    await conversation.click();
    await expect(conversation).toHaveAttribute('aria-pressed', 'true');
    const fromA = chatOf(b).getByTestId('chat-messages').getByRole('listitem').filter({ hasText: hello });
    await expect(fromA).toBeVisible();
    // The room's message is not in the conversation, and the count is gone.
    await expect(chatOf(b).getByTestId('chat-messages').getByText(inRoom)).toHaveCount(0);
    await expect(conversation).not.toHaveAccessibleName(oneUnread);

    // B replies: A sees it live in the open conversation.
    const reply = `Hi A, nice to meet you ${stamp}`;
    await send(b, reply);
    await expect(chatOf(a).getByTestId('chat-messages').getByText(reply)).toBeVisible();

    // B blocks A: A's messages vanish for B, and A's next message is refused.
    await fromA.getByRole('button', { name: t('chat.block') }).click();
    await expect(chatOf(b).getByText(hello)).toHaveCount(0);
    await send(a, `Are you there? ${stamp}`);
    await expect(chatOf(a).getByTestId('direct-refused')).toHaveText(t('chat.direct.refused'));
    await expectNoAxeViolations(a);
    await Promise.all(contexts.map((context) => context.close()));
  });
}
