import { expect, type Page, test } from '@playwright/test';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { makePdf } from '../tests/support/make-pdf.ts';
import type { LoopbackRequest } from '../tests/integration/support/loopback-model.ts';
import { expectNoAxeViolations } from './support/founder.ts';
import { signUpConsentingFounder, useServerWithLoopbackModel } from './support/model-server.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * The mentor with a real provider: a server of its own, configured with an
 * OpenAI-compatible model on loopback that this test scripts call by call.
 */
const running = useServerWithLoopbackModel();
const signUp = (page: Page, options?: { consent?: boolean }) => signUpConsentingFounder(page, running.server.url, options);

test('streams the model answer, keeps the question when the model fails, and answers it on Retry', async ({ page }) => {
  await signUp(page);
  const week = isoWeekOf(new Date());
  const recorded = await page.request.put(`${running.server.url}/api/metrics/weeks/${week.year}/${week.week}`, { data: { ...workedWeek, cashBalance: 88_000 } });
  expect(recorded.status()).toBe(200);
  await page.addInitScript(() => sessionStorage.setItem('rumbo_chat_welcomed', '1'));

  running.model.reset([{ kind: 'status', status: 502 }, { kind: 'answer', text: 'Your **runway** is what matters now: cut burn by 20%.' }]);
  await page.goto(`${running.server.url}/talk-rumbo`);
  await waitForApp(page);
  const composer = page.getByLabel(text('en', 'mentor', 'composer.label'));
  await composer.fill('What matters most for Pesito now?');
  await composer.press('Enter');
  const log = page.getByRole('log', { name: text('en', 'mentor', 'log') });
  await expect(log.getByText('cut burn by 20%.')).toBeVisible();
  await expect(log.locator('strong', { hasText: 'runway' })).toBeVisible();
  expect(running.model.requests).toHaveLength(2); // the 502 was retried
  expect(running.model.requests[1]!.messages[0]!.content).toContain('Startup: Pesito');
  // The model is given the founder's own runway against its target, to cite.
  expect(running.model.requests[1]!.messages[0]!.content).toContain('- Runway: 22 weeks (target above 40 weeks)');

  running.model.reset([{ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'answer', text: 'Back: start with your ten best customers.' }]);
  await composer.fill('And after that?');
  await page.getByRole('button', { name: text('en', 'mentor', 'composer.send') }).click();
  await expect(log.getByRole('alert')).toContainText(text('en', 'mentor', 'errors.trouble'));
  await expect(log.getByText('And after that?')).toBeVisible();

  await page.reload();
  await waitForApp(page);
  await page.getByRole('navigation', { name: text('en', 'mentor', 'conversations.title') }).getByRole('button', { name: 'What matters most for Pesito now?', exact: true }).click();
  await expect(log.getByText('And after that?')).toBeVisible();
  await log.getByRole('button', { name: text('en', 'mentor', 'errors.retry') }).click();
  await expect(log.getByText('Back: start with your ten best customers.')).toBeVisible();
  await expect(log.getByText('And after that?')).toHaveCount(1);
});

type Language = 'en' | 'es-LA';

/** The founder's runway as the server wrote it into the model's instructions, or null. */
const runwayIn = (request: LoopbackRequest) => request.messages[0]?.content.match(/^- Runway: (\d+(?:\.\d+)?) weeks/m)?.[1] ?? null;

/** What the loopback model answers about runway: the number it found in its prompt, in the asked language. */
function citeRunway(language: Language) {
  return (request: LoopbackRequest) => {
    const weeks = runwayIn(request);
    if (!weeks) return language === 'en' ? 'I cannot see your runway.' : 'No veo tu pista.';
    return language === 'en'
      ? `Your runway is **${weeks} weeks**, under the 40-week target: cut burn before you hire.`
      : `Tu pista (runway) es de **${weeks} semanas**, por debajo de la meta de 40: baja el gasto antes de contratar.`;
  };
}

/** A first task written from the runway the model was given. */
function runwayTask(language: Language) {
  return (request: LoopbackRequest) => {
    const weeks = runwayIn(request) ?? '?';
    return JSON.stringify({
      hypothesis:
        language === 'en'
          ? `If we cut weekly burn by 20%, runway grows from ${weeks} weeks towards 40.`
          : `Si bajamos el gasto semanal un 20 %, la pista pasa de ${weeks} semanas hacia 40.`,
      whyRelevant: language === 'en' ? 'Runway is the metric furthest from its target.' : 'La pista es la métrica más lejos de su meta.',
      metric: 'runwayWeeks',
      targetValue: 40,
      impact: 8,
      confidence: 6,
      ease: 7,
    });
  };
}

const QUESTION: Record<Language, string> = { en: 'How long is my runway?', 'es-LA': '¿Cuánta pista (runway) me queda?' };
const SUMMARY: Record<Language, string> = { en: '- Cut burn before hiring to stretch the runway.', 'es-LA': '- Bajar el gasto antes de contratar para estirar la pista.' };
const ANSWERS_IN: Record<Language, string> = { en: 'Always answer in English.', 'es-LA': 'Always answer in Latin-American Spanish, addressing the founder as tú' };

for (const language of ['en', 'es-LA'] as const) {
  const mentor = (key: string) => text(language, 'mentor', key);

  test(`with the model (${language}): consent in the dialog, a runway answer citing the founder's own number, its analysis into AI context, a first task drafted by the model`, async ({ page }) => {
    await signUp(page, { consent: false });
    const week = isoWeekOf(new Date());
    // 88,000 in cash at the worked week's burn of 4,000: 22 weeks of runway.
    expect((await page.request.put(`${running.server.url}/api/metrics/weeks/${week.year}/${week.week}`, { data: { ...workedWeek, cashBalance: 88_000 } })).status()).toBe(200);
    await page.addInitScript((lang) => {
      localStorage.setItem('rumbo_language', lang);
      sessionStorage.setItem('rumbo_chat_welcomed', '1');
    }, language);
    running.model.reset([
      { kind: 'reply', reply: citeRunway(language) },
      { kind: 'answer', text: SUMMARY[language] },
      { kind: 'reply', reply: runwayTask(language) },
    ]);

    await page.goto(`${running.server.url}/talk-rumbo`);
    await waitForApp(page);
    const composer = page.getByLabel(mentor('composer.label'));
    await composer.fill(QUESTION[language]);
    await composer.press('Enter');
    const consent = page.getByRole('dialog', { name: mentor('consent.title') });
    await consent.getByRole('button', { name: mentor('consent.accept') }).click();
    await expect(page.getByText(mentor('consent.granted'))).toBeVisible();

    // The model found the founder's own runway in what the server sent it, and the founder sees it cited.
    const log = page.getByRole('log', { name: mentor('log') });
    await expect(log.locator('strong', { hasText: language === 'en' ? '22 weeks' : '22 semanas' })).toBeVisible();
    const instructions = running.model.requests[0]!.messages[0]!.content;
    expect(instructions).toContain('- Runway: 22 weeks (target above 40 weeks)');
    expect(instructions).toContain(ANSWERS_IN[language]);
    expect(running.model.requests[0]!.messages.at(-1)).toEqual({ role: 'user', content: QUESTION[language] });
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: mentor('analyse.button') }).click();
    await expect(page.getByText(mentor('analyse.saved'))).toBeVisible();
    // The model was asked to summarise this conversation, in the founder's language.
    expect(JSON.stringify(running.model.requests[1])).toContain(QUESTION[language]);
    expect(JSON.stringify(running.model.requests[1])).toContain(language === 'en' ? 'as a bulleted list in English' : 'as a bulleted list in Latin-American Spanish');
    await page.goto(`${running.server.url}/aicontext`);
    await waitForApp(page);
    const entries = page.getByRole('region', { name: text(language, 'aiContext', 'entries') });
    await expect(entries.getByText(SUMMARY[language])).toBeVisible();
    await expect(entries.getByText(text(language, 'aiContext', 'fromConversation'), { exact: false })).toBeVisible();

    await page.goto(`${running.server.url}/high-performance-tasks`);
    await waitForApp(page);
    await page.getByRole('button', { name: text(language, 'tasks', 'draft.first') }).click();
    await expect(page.getByRole('status').filter({ hasText: text(language, 'tasks', 'draft.ready') })).toBeAttached();
    expect(running.model.requests).toHaveLength(3);
    // The model's draft, written from the runway it was given, is in the form to edit.
    const draft = JSON.parse(runwayTask(language)(running.model.requests[2]!)) as { hypothesis: string };
    const hypothesis = page.getByLabel(text(language, 'tasks', 'form.hypothesis.label'));
    await expect(hypothesis).toHaveValue(draft.hypothesis);
    await expect(hypothesis).toHaveValue(language === 'en' ? /from 22 weeks/ : /de 22 semanas/);
    await expect(page.getByLabel(text(language, 'tasks', 'form.metric.label'))).toHaveValue('runwayWeeks');
    await expect(page.getByLabel(text(language, 'tasks', 'form.targetValue.label'))).toHaveValue('40');
  });

  test(`with the model (${language}): a PDF added on /aicontext reaches the model, and its answer quotes it`, async ({ page }) => {
    await signUp(page);
    await page.addInitScript((lang) => {
      localStorage.setItem('rumbo_language', lang);
      sessionStorage.setItem('rumbo_chat_welcomed', '1');
    }, language);
    const line = language === 'en' ? 'Our pilot with Bodega Norte converted at 18 percent.' : 'Nuestro piloto con Bodega Norte convirtio al 18 por ciento.';

    await page.goto(`${running.server.url}/aicontext`);
    await waitForApp(page);
    await page.getByLabel(text(language, 'aiContext', 'fields.type')).selectOption({ label: text(language, 'aiContext', 'types.hypotheses-results') });
    await page.getByLabel(text(language, 'aiContext', 'fields.description')).fill(language === 'en' ? 'October pilot' : 'Piloto de octubre');
    await page.getByLabel(text(language, 'aiContext', 'fields.files')).setInputFiles({ name: 'pilot.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf([line])) });
    await page.getByRole('button', { name: text(language, 'aiContext', 'add') }).click();
    await expect(page.getByText(text(language, 'aiContext', 'toast.saved'))).toBeVisible();
    await expect(page.getByRole('link', { name: 'pilot.pdf' })).toBeVisible();

    // The model quotes the line of its context that names the pilot: it can only know it from the PDF's text.
    running.model.reset([
      {
        kind: 'reply',
        reply: (request) => {
          const quoted = request.messages[0]?.content.split('\n').find((candidate) => candidate.includes('Bodega Norte'));
          if (!quoted) return language === 'en' ? 'I have no notes about that pilot.' : 'No tengo notas sobre ese piloto.';
          return language === 'en' ? `Your pilot report says: "${quoted}"` : `Tu reporte del piloto dice: "${quoted}"`;
        },
      },
    ]);
    await page.goto(`${running.server.url}/talk-rumbo`);
    await waitForApp(page);
    const composer = page.getByLabel(text(language, 'mentor', 'composer.label'));
    await composer.fill(language === 'en' ? 'How did the Bodega Norte pilot convert?' : '¿Cómo convirtió el piloto con Bodega Norte?');
    await composer.press('Enter');
    const log = page.getByRole('log', { name: text(language, 'mentor', 'log') });
    await expect(log.getByText(language === 'en' ? `Your pilot report says: "${line}"` : `Tu reporte del piloto dice: "${line}"`)).toBeVisible();
    expect(running.model.requests[0]!.messages[0]!.content).toContain(`[pilot.pdf]\n${line}`);
  });
}

test('the chat controls: stop a stalled answer, HTML in an answer never becomes elements, copy, a new conversation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: running.server.url });
  await signUp(page);
  await page.addInitScript(() => sessionStorage.setItem('rumbo_chat_welcomed', '1'));
  await page.goto(`${running.server.url}/talk-rumbo`);
  await waitForApp(page);
  const composer = page.getByLabel(text('en', 'mentor', 'composer.label'));
  const log = page.getByRole('log', { name: text('en', 'mentor', 'log') });

  // The model sends its first word and then nothing: the founder stops it (before the
  // server's own 3-second wait for the next piece gives up on the model).
  running.model.reset([{ kind: 'hang-after-first-chunk', text: 'Start with' }]);
  await composer.fill('What first?');
  await composer.press('Enter');
  await expect(log.getByText('Start', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: text('en', 'mentor', 'composer.stop') }).click();
  await expect(log.getByText(text('en', 'mentor', 'stopped'))).toBeVisible();
  await expect(log.getByRole('alert')).toHaveCount(0);

  // Markdown renders; HTML inside an answer is never turned into elements.
  running.model.reset([{ kind: 'answer', text: 'Keep **focus**. <img src="x" onerror="window.__injected = true"><script>window.__injected = true</script>' }]);
  await composer.fill('And then?');
  await composer.press('Enter');
  await expect(log.locator('strong', { hasText: 'focus' })).toBeVisible();
  await expect(log.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();

  await log.getByRole('button', { name: text('en', 'mentor', 'copy.button') }).last().click();
  await expect(log.getByRole('button', { name: text('en', 'mentor', 'copy.done') })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Keep **focus**.');

  await page.getByRole('button', { name: text('en', 'mentor', 'conversations.new'), exact: true }).click();
  await expect(log.getByText('And then?')).toHaveCount(0);
  await expect(composer).toHaveValue('');
});
