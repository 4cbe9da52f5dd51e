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
    // The page says once that the offline mentor answers; the answer answers the question.
    await expect(page.getByText(text('en', 'mentor', 'offline'))).toBeVisible();
    await expect(log.getByText(/offline mentor|AI_BASE_URL/)).toHaveCount(0);
    await expect(log.getByText(/^At your burn of \$4,000 a week, your \$88,000 in cash lasts 22 weeks \(about 5 months\)/)).toBeVisible();
    await expect(log.getByText(/That is 18 weeks short of the target of 40 weeks/)).toBeVisible();
    // Each number says where it comes from.
    const week = isoWeekOf(new Date());
    const source = text('en', 'mentor', 'numbers.source.metric')
      .replace('{{metric}}', text('en', 'metrics', 'metrics.cashBalance'))
      .replace('{{week}}', `${week.year}-W${String(week.week).padStart(2, '0')}`)
      .replace('{{value}}', '$88,000');
    await log.getByRole('button', { name: '$88,000', exact: true }).hover();
    await expect(page.getByText(source, { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(log.getByRole('button', { name: text('en', 'mentor', 'copy.button') })).toBeVisible();
    const list = page.getByRole('navigation', { name: text('en', 'mentor', 'conversations.title') });
    await expect(list.getByRole('button', { name: starter, exact: true })).toBeVisible();

    await page.getByRole('button', { name: text('en', 'mentor', 'analyse.button') }).click();
    await expect(page.getByText(text('en', 'mentor', 'analyse.saved'))).toBeVisible();

    await page.reload();
    await waitForApp(page);
    await list.getByRole('button', { name: starter, exact: true }).click();
    await expect(log.getByText(/in cash lasts 22 weeks/)).toBeVisible();
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
    await expect(page.getByText(text('es-LA', 'mentor', 'offline'))).toBeVisible();
    await expect(log.getByText(/en caja alcanzan para 22 semanas \(unos 5 meses\)/)).toBeVisible();
    await expect(log.getByText('Siguientes pasos, del ICE más alto al más bajo:')).toBeVisible();
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
