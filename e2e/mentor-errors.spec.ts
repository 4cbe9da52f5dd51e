import { expect, type Page, test } from '@playwright/test';
import { makePdf } from '../tests/support/make-pdf.ts';
import { failCalls } from './support/fail-calls.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * What the founder is told when an AI action fails (docs/product.md#toasts).
 * The server is real (offline mentor); only the one call under test is made to fail, with
 * the server's own 500 body or a dropped connection, then let through again.
 */

/**
 * Takes the pointer off the button it just clicked before axe looks. A hovered primary
 * button fades to 90 % opacity, which leaves its text at about 4.5:1, the very edge of AA:
 * that is the app's shared button style, not this page's (reported, to be fixed there).
 */
const pointerAway = (page: Page) => page.mouse.move(0, 0);

for (const language of ['en', 'es-LA'] as const) {
  const mentor = (key: string) => text(language, 'mentor', key);
  const question = language === 'en' ? 'How long is my runway?' : '¿Cuánta pista (runway) me queda?';

  async function openChat(page: Page) {
    await page.addInitScript((lang) => {
      localStorage.setItem('rumbo_language', lang);
      sessionStorage.setItem('rumbo_chat_welcomed', '1');
    }, language);
    await page.goto('/talk-rumbo');
    await waitForApp(page);
    return {
      composer: page.getByLabel(mentor('composer.label')),
      log: page.getByRole('log', { name: mentor('log') }),
      answer: page.getByRole('log', { name: mentor('log') }).getByRole('article', { name: mentor('mentorSaid') }),
    };
  }

  test(`a consent that fails to save says so and keeps the question; the next try saves it and the question is answered (${language})`, async ({ page }) => {
    await signUpFounder(page);
    await failCalls(page, '**/api/ai/consent', 'POST');
    const { composer, answer } = await openChat(page);
    await composer.fill(question);
    await composer.press('Enter');

    const consent = page.getByRole('dialog', { name: mentor('consent.title') });
    await consent.getByRole('button', { name: mentor('consent.accept') }).click();
    await expect(page.getByText(mentor('consent.saveFailed'))).toBeVisible();
    await expect(consent).toBeVisible();
    await expect(composer).toHaveValue(question);
    await expect(answer).toHaveCount(0);
    await pointerAway(page);
    await expectNoAxeViolations(page);
    expect((await (await page.request.get('/api/me')).json()).aiConsent).toBeFalsy();

    await page.unroute('**/api/ai/consent');
    await consent.getByRole('button', { name: mentor('consent.accept') }).click();
    await expect(page.getByText(mentor('consent.granted'))).toBeVisible();
    await expect(answer.getByText(language === 'en' ? /without your numbers/ : /sin tus números/).first()).toBeVisible();
    await expect(composer).toHaveValue('');
  });

  test(`with AI assistance off, the dialog turns it on (after a failed try) and the question is answered (${language})`, async ({ page }) => {
    await signUpFounder(page);
    await page.request.post('/api/ai/consent', { data: { granted: true } });
    expect((await page.request.patch('/api/me', { data: { aiAssistanceEnabled: false } })).status()).toBe(200);
    await failCalls(page, '**/api/me', 'PATCH');
    const { composer, answer } = await openChat(page);
    await composer.fill(question);
    await composer.press('Enter');

    const enable = page.getByRole('dialog', { name: mentor('enable.title') });
    await expect(enable).toContainText(mentor('enable.body'));
    await enable.getByRole('button', { name: mentor('enable.accept') }).click();
    await expect(page.getByText(mentor('consent.enableFailed'))).toBeVisible();
    await expect(enable).toBeVisible();
    await pointerAway(page);
    await expectNoAxeViolations(page);

    await page.unroute('**/api/me');
    await enable.getByRole('button', { name: mentor('enable.accept') }).click();
    await expect(page.getByText(mentor('consent.enabled'))).toBeVisible();
    await expect(answer.getByText(language === 'en' ? /without your numbers/ : /sin tus números/).first()).toBeVisible();
    expect((await (await page.request.get('/api/me')).json()).aiAssistanceEnabled).toBe(true);
  });

  test(`analyse says when there is nothing to analyse (no conversation, only a file) and when saving fails (${language})`, async ({ page }) => {
    await signUpFounder(page);
    await page.request.post('/api/ai/consent', { data: { granted: true } });
    const { composer, log, answer } = await openChat(page);
    const nothing = page.getByText(mentor('analyse.empty'));
    const failed = page.getByText(mentor('analyse.failed'));
    const toasts = page.locator('[data-sonner-toast]');
    // Toasts open at the top right, over the Analyse button; a pointer resting on them keeps
    // them open. The founder here uses the keyboard, and each toast is let go before the next.
    const analyse = async () => {
      await pointerAway(page);
      await page.getByRole('button', { name: mentor('analyse.button') }).focus();
      await page.keyboard.press('Enter');
    };
    const toastsGone = () => expect(toasts).toHaveCount(0, { timeout: 15_000 });

    await analyse();
    await expect(nothing).toBeVisible();
    await toastsGone();

    // A conversation holding only a shared file: the server answers 'No conversation to analyse'.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: mentor('files.attach') }).click();
    await (await chooser).setFiles({ name: 'deck.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf(['Seed deck'])) });
    await expect(log.getByText(mentor('files.added').replace('{{names}}', 'deck.pdf'))).toBeVisible();
    await toastsGone();
    const refused = page.waitForResponse((response) => response.url().endsWith('/analyse'));
    await analyse();
    expect((await refused).status()).toBe(400);
    await expect(nothing).toBeVisible();
    await expect(failed).toHaveCount(0);
    await toastsGone();

    await composer.fill(question);
    await composer.press('Enter');
    await expect(answer).toBeVisible();
    await expect(page.getByRole('button', { name: mentor('composer.send') })).toBeVisible();
    await failCalls(page, '**/api/mentor/conversations/*/analyse', 'POST');
    await analyse();
    await expect(failed).toBeVisible();
    await expect(page.getByText(text(language, 'errors', 'codes.INTERNAL'))).toBeVisible();
    await expectNoAxeViolations(page);
    await toastsGone();

    await page.unroute('**/api/mentor/conversations/*/analyse');
    await analyse();
    await expect(page.getByText(mentor('analyse.saved'))).toBeVisible();
  });

  test(`a task draft or a strategy suggestion that fails says so, and the next try fills the form (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signUpFounder(page);
    await page.request.post('/api/ai/consent', { data: { granted: true } });

    await failCalls(page, '**/api/mentor/task-draft', 'POST');
    await page.goto('/high-performance-tasks');
    await waitForApp(page);
    const hypothesis = page.getByLabel(text(language, 'tasks', 'form.hypothesis.label'));
    await page.getByRole('button', { name: text(language, 'tasks', 'draft.first') }).click();
    await expect(page.getByText(text(language, 'tasks', 'draft.failed'))).toBeVisible();
    await expect(hypothesis).toHaveValue('');
    await expectNoAxeViolations(page);
    await page.unroute('**/api/mentor/task-draft');
    await page.getByRole('button', { name: text(language, 'tasks', 'draft.first') }).click();
    await expect(hypothesis).not.toHaveValue('');

    // The strategy suggestion loses its connection: 'Generation failed', with the network reason.
    await failCalls(page, '**/api/mentor/strategy-draft', 'POST', 'network');
    await page.goto('/strategy-builder');
    await waitForApp(page);
    const coreProblem = page.getByLabel(text(language, 'strategy', 'steps.coreProblem.label'));
    await page.getByRole('button', { name: text(language, 'strategy', 'suggest.button') }).click();
    await expect(page.getByText(text(language, 'strategy', 'suggest.failed'))).toBeVisible();
    await expect(page.getByText(text(language, 'errors', 'network'))).toBeVisible();
    await expect(coreProblem).toHaveValue('');
    await expectNoAxeViolations(page);
    await page.unroute('**/api/mentor/strategy-draft');
    await page.getByRole('button', { name: text(language, 'strategy', 'suggest.button') }).click();
    await expect(coreProblem).not.toHaveValue('');
  });
}
