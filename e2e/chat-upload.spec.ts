import { expect, test } from '@playwright/test';
import { makePdf } from '../tests/support/make-pdf.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** File upload into the conversation on /talk-rumbo (offline mentor; decision 090). */
test.describe('files in the mentor conversation', () => {
  test('attaches a PDF from the keyboard after consent, the mentor reads it, and a reload still shows it', async ({ page }) => {
    await signUpFounder(page);
    await page.addInitScript(() => sessionStorage.setItem('rumbo_chat_welcomed', '1'));
    await page.goto('/talk-rumbo');
    await waitForApp(page);

    const attach = page.getByRole('button', { name: text('en', 'mentor', 'files.attach') });
    const chooser = page.waitForEvent('filechooser');
    await attach.focus();
    await page.keyboard.press('Enter');
    await (await chooser).setFiles({
      name: 'pilot-report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(makePdf(['Our pilot with Ferreteria Sol converted at 23 percent.'])),
    });
    // No consent yet: the gate asks, then the upload goes through.
    const consent = page.getByRole('dialog', { name: text('en', 'mentor', 'consent.title') });
    await consent.getByRole('button', { name: text('en', 'mentor', 'consent.accept') }).click();

    const log = page.getByRole('log', { name: text('en', 'mentor', 'log') });
    const note = text('en', 'mentor', 'files.added').replace('{{names}}', 'pilot-report.pdf');
    await expect(log.getByText(note)).toBeVisible();
    await expect(page.getByText(text('en', 'mentor', 'files.uploaded_one'))).toBeVisible();
    const list = page.getByRole('navigation', { name: text('en', 'mentor', 'conversations.title') });
    await expect(list.getByRole('button', { name: 'pilot-report.pdf', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    const composer = page.getByLabel(text('en', 'mentor', 'composer.label'));
    await composer.fill('How did the Ferreteria Sol pilot convert?');
    await composer.press('Enter');
    await expect(log.getByText('Our pilot with Ferreteria Sol converted at 23 percent.')).toBeVisible();

    await page.reload();
    await waitForApp(page);
    await list.getByRole('button', { name: 'pilot-report.pdf', exact: true }).click();
    await expect(log.getByText(note)).toBeVisible();
    await expect(log.getByText('How did the Ferreteria Sol pilot convert?')).toBeVisible();
    // The upload is no unanswered question: no retry is offered.
    await expect(log.getByRole('button', { name: text('en', 'mentor', 'errors.retry') })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto('/aicontext');
    await expect(page.getByRole('link', { name: 'pilot-report.pdf' })).toBeVisible();
  });

  test('in Spanish on a phone, a program renamed .pdf and a lone 12 MB PDF are refused with their reasons', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUpFounder(page);
    await page.request.post('/api/ai/consent', { data: { granted: true } });
    await page.addInitScript(() => {
      localStorage.setItem('rumbo_language', 'es-LA');
      sessionStorage.setItem('rumbo_chat_welcomed', '1');
    });
    await page.goto('/talk-rumbo');
    await waitForApp(page);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: text('es-LA', 'mentor', 'files.attach') }).click();
    await (await chooser).setFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) });
    await expect(page.getByText(text('es-LA', 'mentor', 'files.failed'))).toBeVisible();
    await expect(page.getByText(`factura.pdf: ${text('es-LA', 'aiContext', 'fileErrors.type')}`)).toBeVisible();
    await expect(page.getByText(text('es-LA', 'mentor', 'conversations.empty'))).toBeVisible();

    // A lone 12 MB PDF is refused with the product's size reason, not as a request too large to read.
    const huge = Buffer.alloc(12 * 1024 * 1024, 0x20);
    Buffer.from(makePdf(['Plan de negocio'])).copy(huge);
    const second = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: text('es-LA', 'mentor', 'files.attach') }).click();
    await (await second).setFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: huge });
    await expect(page.getByText(`plan.pdf: ${text('es-LA', 'aiContext', 'fileErrors.size')}`)).toBeVisible();
    await expect(page.getByText(text('es-LA', 'mentor', 'conversations.empty'))).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
