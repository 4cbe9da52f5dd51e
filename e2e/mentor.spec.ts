import { expect, test, type Page } from '@playwright/test';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** This week with 88,000 in cash at a burn of 4,000: 22 weeks of runway, off its 40-week target. */
async function recordShortRunway(page: Page) {
  const week = isoWeekOf(new Date());
  const response = await page.request.put(`/api/metrics/weeks/${week.year}/${week.week}`, { data: { ...workedWeek, cashBalance: 88_000 } });
  expect(response.status()).toBe(200);
}

test.describe('talk to the mentor (offline mentor)', () => {
  test('welcomes, asks for consent, answers a starter question in streamed Markdown, and keeps the conversation', async ({ page }) => {
    await signUpFounder(page, { startupName: 'Tiendita AI' });
    await recordShortRunway(page);
    await page.goto('/talk-rumbo');
    await waitForApp(page);

    await expect(page.getByRole('heading', { level: 1, name: text('en', 'mentor', 'title') })).toBeVisible();
    await expect(page.getByRole('heading', { name: text('en', 'mentor', 'welcome.title') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: text('en', 'mentor', 'welcome.start') }).click();
    await expect(page.getByRole('heading', { name: text('en', 'mentor', 'welcome.title') })).toHaveCount(0);
    expect(await page.evaluate(() => [sessionStorage.getItem('rumbo_chat_welcomed'), sessionStorage.getItem('rumbo_chat_page_visited')])).toEqual(['1', '1']);

    // The runway is off its target, so the starter asks about it with the founder's own number.
    const starter = text('en', 'mentor', 'starters.runwayShort').replace('{{weeks}}', '22');
    await page.getByRole('button', { name: starter }).click();
    const consent = page.getByRole('dialog', { name: text('en', 'mentor', 'consent.title') });
    await expect(consent).toBeVisible();
    await consent.getByRole('button', { name: text('en', 'mentor', 'consent.accept') }).click();

    const log = page.getByRole('log', { name: text('en', 'mentor', 'log') });
    await expect(log.getByText(starter)).toBeVisible();
    await expect(log.getByText(/offline mentor/)).toBeVisible();
    await expect(log.getByRole('heading', { name: 'Where Tiendita AI stands' })).toBeVisible();
    // The answer cites the founder's own number against its target.
    await expect(log.getByText(/22 weeks — target above 40 weeks \(off target\)/)).toBeVisible();
    await expect(log.getByRole('button', { name: text('en', 'mentor', 'copy.button') })).toBeVisible();
    const list = page.getByRole('navigation', { name: text('en', 'mentor', 'conversations.title') });
    await expect(list.getByRole('button', { name: starter, exact: true })).toBeVisible();

    await page.getByRole('button', { name: text('en', 'mentor', 'analyse.button') }).click();
    await expect(page.getByText(text('en', 'mentor', 'analyse.saved'))).toBeVisible();

    await page.reload();
    await waitForApp(page);
    await list.getByRole('button', { name: starter, exact: true }).click();
    await expect(log.getByText(/offline mentor/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/aicontext');
    await expect(page.getByText(`Insights from the conversation "${starter}"`)).toBeVisible();
  });

  test('in Spanish on a phone: answers a runway question with the founder’s own number, analyses and deletes the conversation', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUpFounder(page);
    await recordShortRunway(page);
    await page.request.post('/api/ai/consent', { data: { granted: true } });
    await page.addInitScript(() => {
      localStorage.setItem('rumbo_language', 'es-LA');
      sessionStorage.setItem('rumbo_chat_welcomed', '1');
    });
    await page.goto('/talk-rumbo');
    await waitForApp(page);
    const composer = page.getByLabel(text('es-LA', 'mentor', 'composer.label'));
    await composer.fill('¿Cuánta pista (runway) me queda?');
    await composer.press('Enter');
    const log = page.getByRole('log', { name: text('es-LA', 'mentor', 'log') });
    await expect(log.getByText(/Soy el mentor sin conexión de Rumbo/)).toBeVisible();
    await expect(log.getByRole('heading', { name: 'Hipótesis para probar' })).toBeVisible();
    await expect(log.getByText(/22 semanas/).first()).toBeVisible();
    await page.getByRole('button', { name: text('es-LA', 'mentor', 'analyse.button') }).click();
    await expect(page.getByText(text('es-LA', 'mentor', 'analyse.saved'))).toBeVisible();
    // Nothing wider than the phone: no sideways scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: text('es-LA', 'mentor', 'conversations.delete').replace('{{title}}', '¿Cuánta pista (runway) me queda?') }).click();
    await expect(page.getByText(text('es-LA', 'mentor', 'conversations.deleted'))).toBeVisible();
    await expect(page.getByText(text('es-LA', 'mentor', 'conversations.empty'))).toBeVisible();

    // The analysis outlives the conversation: a Spanish learnings entry on /aicontext.
    await page.goto('/aicontext');
    await waitForApp(page);
    const entries = page.getByRole('region', { name: text('es-LA', 'aiContext', 'entries') });
    await expect(entries.getByText(text('es-LA', 'aiContext', 'types.learnings'))).toBeVisible();
    await expect(entries.getByText(text('es-LA', 'aiContext', 'fromConversation'), { exact: false })).toBeVisible();
    await expect(entries.getByText('Aprendizajes de la conversación "¿Cuánta pista (runway) me queda?"')).toBeVisible();
    await expect(entries.getByText('- ¿Cuánta pista (runway) me queda?')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
