import { type Browser, expect, type Page, test } from '@playwright/test';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { onboardByApi, signUpByApi, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * The leaderboard shows each founder as they chose: public by name and startup, anonymous by
 * their pseudonym, hidden not at all. A server of its own, so no other spec's founders
 * push these three out of the top 50.
 */
let server: AppServer;
test.beforeAll(async () => {
  server = await startAppServer();
});
test.afterAll(async () => {
  await server?.stop();
});

const task = { hypothesis: 'Weekly demos lift trial conversion', whyRelevant: 'Conversion is flat', targetValue: 20, metric: 'runwayWeeks', impact: 7, confidence: 5, ease: 8 };
const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replace(`{{${key}}}`, String(value)), template);

/** A founder in the trial (tier 2 open) with 10 points this week and the visibility given. */
async function founder(browser: Browser, name: string, visibility: 'public' | 'anonymous' | 'hidden') {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  await signUpByApi(page, { name, email: uniqueEmail('board') });
  await onboardByApi(page, { startupPhase: 'mvp' });
  const [fullName, lastName] = name.split(' ');
  expect((await page.request.patch('/api/me', { data: { fullName, lastName, startupName: `${fullName} Labs` } })).status()).toBe(200);
  expect((await page.request.post('/api/tasks', { data: task })).status()).toBe(201);
  expect((await page.request.put('/api/community/visibility', { data: { visibility } })).status()).toBe(200);
  const { pseudonym } = (await (await page.request.get('/api/community/me')).json()) as { pseudonym: number };
  return { page, pseudonym, close: () => context.close() };
}

for (const [language, viewport] of [
  ['en', { width: 1280, height: 800 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  const t = (key: string) => text(language, 'community', key);
  test(`the leaderboard shows public founders by name, anonymous ones by pseudonym and hidden ones not at all (${language}, ${viewport.width} px)`, async ({ browser }) => {
    const stamp = Date.now().toString(36);
    const pub = await founder(browser, `Pia Public${stamp}`, 'public');
    const anon = await founder(browser, `Ana Anon${stamp}`, 'anonymous');
    const hidden = await founder(browser, `Hugo Hidden${stamp}`, 'hidden');

    const viewer: Page = anon.page;
    await viewer.setViewportSize(viewport);
    await viewer.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await viewer.goto('/community');
    await waitForApp(viewer);
    const board = viewer.getByRole('region', { name: t('leaderboard.title') }).getByTestId('leaderboard');
    const rowOf = (label: string) => board.getByRole('listitem').filter({ hasText: label });

    await expect(rowOf(fill(t('member.publicWithStartup'), { name: `Pia Public${stamp}`, startup: `Pia Labs` }))).toHaveCount(1);
    await expect(rowOf(fill(t('member.pseudonym'), { number: anon.pseudonym }))).toContainText(t('member.you'));
    // The anonymous founder's name never reaches the board.
    await expect(board.getByText(`Ana Anon${stamp}`)).toHaveCount(0);
    // The hidden founder is on it neither by name nor by pseudonym.
    await expect(board.getByText(`Hugo Hidden${stamp}`)).toHaveCount(0);
    await expect(rowOf(fill(t('member.pseudonym'), { number: hidden.pseudonym }))).toHaveCount(0);
    // Pia's pseudonym is not shown either: she is public.
    await expect(rowOf(fill(t('member.pseudonym'), { number: pub.pseudonym }))).toHaveCount(0);
    await expectNoAxeViolations(viewer);

    // A change applies at once: Pia hides, Hugo goes public; the board says so on its next read.
    expect((await pub.page.request.put('/api/community/visibility', { data: { visibility: 'hidden' } })).status()).toBe(200);
    expect((await hidden.page.request.put('/api/community/visibility', { data: { visibility: 'public' } })).status()).toBe(200);
    await viewer.reload();
    await waitForApp(viewer);
    await expect(rowOf(fill(t('member.publicWithStartup'), { name: `Hugo Hidden${stamp}`, startup: 'Hugo Labs' }))).toHaveCount(1);
    await expect(board.getByText(`Pia Public${stamp}`)).toHaveCount(0);
    await expect(rowOf(fill(t('member.pseudonym'), { number: pub.pseudonym }))).toHaveCount(0);

    await Promise.all([pub.close(), anon.close(), hidden.close()]);
  });
}
