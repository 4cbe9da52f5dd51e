import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { escaped, fill, openCommunity } from './support/community.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

for (const [language, viewport] of [
  ['en', { width: 1280, height: 800 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  const t = (key: string) => text(language, 'community', key);
  const profile = (key: string) => text(language, 'profile', key);

  test(`a room counts the messages not read yet, and opening it clears the count (${language}, ${viewport.width} px)`, async ({ browser }) => {
    const contexts = await Promise.all([browser.newContext({ viewport }), browser.newContext()]);
    const [reader, writer] = await Promise.all(contexts.map((context) => context.newPage()));
    await openCommunity(reader!, language, 'chat-reading');
    await openCommunity(writer!, language, 'chat-reading');
    const chat = reader!.getByRole('region', { name: t('chat.title') });
    const scaling = chat.getByTestId('chat-room-scaling');
    // The reader has read Scaling to its end, then goes back to General.
    expect((await writer!.request.post('/api/community/rooms/scaling/messages', { data: { body: 'Welcome to scaling' } })).status()).toBe(201);
    const markedRead = reader!.waitForResponse((response) => response.url().endsWith('/api/community/rooms/scaling/read') && response.status() === 204);
    await scaling.click();
    await expect(scaling).toHaveAttribute('aria-pressed', 'true');
    await markedRead;
    // General has a message, so opening it marks it read: the reloads below wait for that
    // answer instead of cutting the page's requests off mid-way.
    expect((await writer!.request.post('/api/community/rooms/general/messages', { data: { body: 'Hello, general' } })).status()).toBe(201);
    const generalRead = () => reader!.waitForResponse((response) => response.url().endsWith('/api/community/rooms/general/read') && response.status() === 204);
    let readGeneral = generalRead();
    await chat.getByTestId('chat-room-general').click();
    await readGeneral;

    const said = `Anyone scaling sales? ${Date.now()}`;
    for (const body of [said, `${said} (2)`]) {
      expect((await writer!.request.post('/api/community/rooms/scaling/messages', { data: { body } })).status()).toBe(201);
    }
    await reader!.reload();
    await waitForApp(reader!);
    // The badge's figure is for the eye; the name says it in words.
    await expect(scaling).toHaveAccessibleName(new RegExp(`^${escaped(profile('options.phase.scaling'))}\\s*${escaped(fill(t('chat.unread_other'), { count: 2 }))}$`));
    await expect(scaling.getByText('2', { exact: true })).toBeVisible();
    await expect(chat.getByTestId('chat-room-general')).toHaveAccessibleName(t('chat.general'));
    // The badge on a phone in the dark theme too.
    if (language === 'es-LA') await reader!.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(reader!);

    await scaling.click();
    await expect(chat.getByTestId('chat-messages').getByText(said, { exact: true })).toBeVisible();
    await expect(scaling).toHaveAccessibleName(profile('options.phase.scaling'));
    // Read on the server too: a fresh page shows no count.
    readGeneral = generalRead();
    await chat.getByTestId('chat-room-general').click();
    await readGeneral;
    await reader!.reload();
    await waitForApp(reader!);
    await expect(chat.getByTestId('chat-room-general')).toHaveAttribute('aria-pressed', 'true');
    await expect(scaling).toHaveAccessibleName(profile('options.phase.scaling'));
    await Promise.all(contexts.map((context) => context.close()));
  });

  test(`scrolling up loads earlier history, a page at a time, in order (${language}, ${viewport.width} px)`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await openCommunity(page, language, 'chat-reading');
    const stamp = Date.now().toString(36);
    // 60 messages: more than the first page of 50.
    for (let n = 1; n <= 60; n++) {
      expect((await page.request.post('/api/community/rooms/mvp/messages', { data: { body: `History ${stamp} #${n}` } })).status()).toBe(201);
    }
    const chat = page.getByRole('region', { name: t('chat.title') });
    await chat.getByTestId('chat-room-mvp').click();
    const list = chat.getByTestId('chat-messages');
    await expect(list.getByText(`History ${stamp} #60`, { exact: true })).toBeVisible();
    await expect(list.getByText(`History ${stamp} #10`, { exact: true })).toHaveCount(0);

    await list.evaluate((element) => element.scrollTo({ top: 0 }));
    await expect(list.getByText(`History ${stamp} #1`, { exact: true })).toHaveCount(1);
    const bodies = await list.getByText(new RegExp(`^History ${stamp} #\\d+$`)).allTextContents();
    expect(bodies).toEqual(Array.from({ length: 60 }, (_, index) => `History ${stamp} #${index + 1}`));
    await expectNoAxeViolations(page);
  });
}

for (const [language, viewport] of [
  ['en', { width: 1280, height: 800 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  const t = (key: string) => text(language, 'community', key);
  const profile = (key: string) => text(language, 'profile', key);

  test(`a founder mentions another from a message; the other sees it among their mentions and marks it read (${language}, ${viewport.width} px)`, async ({ browser }) => {
    const contexts = await Promise.all([browser.newContext(), browser.newContext({ viewport })]);
    const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
    await openCommunity(a!, language, 'chat-reading');
    await openCommunity(b!, language, 'chat-reading');
    const hello = `Hello from B ${Date.now()}`;
    expect((await b!.request.post('/api/community/rooms/early-growth/messages', { data: { body: hello } })).status()).toBe(201);
    const { pseudonym } = (await (await b!.request.get('/api/community/me')).json()) as { pseudonym: number };

    const chatA = a!.getByRole('region', { name: t('chat.title') });
    await chatA.getByTestId('chat-room-early-growth').click();
    const fromB = chatA.getByTestId('chat-messages').getByRole('listitem').filter({ hasText: hello });
    await fromB.getByRole('button', { name: t('chat.mention') }).click();
    const draft = chatA.getByLabel(t('chat.message'));
    await expect(draft).toHaveValue(`@#${pseudonym} `);
    await expect(draft).toBeFocused();
    const question = `@#${pseudonym} how did you price your plan? ${Date.now()}`;
    await draft.fill(question);
    await chatA.getByRole('button', { name: t('chat.send') }).click();
    await expect(chatA.getByTestId('chat-messages').getByText(question)).toBeVisible();

    await b!.reload();
    await waitForApp(b!);
    const mentions = b!.getByRole('region', { name: t('chat.mentions.title') });
    await expect(mentions.getByTestId('chat-mentions-unread')).toHaveText(fill(t('chat.mentions.unread_one'), { count: 1 }));
    const mention = mentions.getByRole('listitem').filter({ hasText: question });
    await expect(mention.getByText(t('chat.mentions.new'), { exact: true })).toBeVisible();
    if (language === 'es-LA') await b!.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(b!);
    await mention.getByRole('button', { name: fill(t('chat.mentions.open'), { room: profile('options.phase.early-growth') }) }).click();
    const chatB = b!.getByRole('region', { name: t('chat.title') });
    await expect(chatB.getByTestId('chat-room-early-growth')).toHaveAttribute('aria-pressed', 'true');
    await expect(chatB.getByTestId('chat-messages').getByText(question)).toBeVisible();
    await mentions.getByRole('button', { name: t('chat.mentions.markRead') }).click();
    await expect(mention.getByText(t('chat.mentions.new'), { exact: true })).toHaveCount(0);
    await expect(mentions.getByRole('button', { name: t('chat.mentions.markRead') })).toHaveCount(0);
    await expect(mentions.getByTestId('chat-mentions-unread')).toHaveCount(0);
    await Promise.all(contexts.map((context) => context.close()));
  });
}
