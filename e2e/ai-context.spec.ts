import { expect, test } from '@playwright/test';
import { PDF_INFLATED_MAX, PDF_PAGES_MAX } from '../src/server/ai/context/file-text.ts';
import { makeInflatingPdf, makePagesPdf, makePdf } from '../tests/support/make-pdf.ts';
import { failCalls } from './support/fail-calls.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

for (const language of ['en', 'es-LA'] as const) {
  test(`an AI context entry with a PDF: refused files are skipped, long ones are read in part, the text reaches the mentor (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signUpFounder(page);
    await page.goto('/aicontext');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: text(language, 'aiContext', 'title') })).toBeVisible();
    await expect(page.getByText(text(language, 'aiContext', 'empty'))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel(text(language, 'aiContext', 'fields.type')).selectOption({ label: text(language, 'aiContext', 'types.hypotheses-results') });
    await page.getByLabel(text(language, 'aiContext', 'fields.description')).fill('Results of the October pilot');
    await page.getByLabel(text(language, 'aiContext', 'fields.files')).setInputFiles([
      { name: 'pilot.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf(['Our pilot with Bodega Norte converted at 18 percent.'])) },
      { name: 'virus.pdf', mimeType: 'application/pdf', buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]) },
      { name: 'bomb.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makeInflatingPdf(PDF_INFLATED_MAX + 1024 * 1024)) },
      { name: 'minutes.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePagesPdf(Array.from({ length: PDF_PAGES_MAX + 1 }, (_, i) => [`Minutes, page ${i + 1}`]))) },
    ]);
    await page.getByRole('button', { name: text(language, 'aiContext', 'add') }).click();
    await expect(page.getByText(text(language, 'aiContext', 'skipped.title'))).toBeVisible();
    await expect(page.getByText(`virus.pdf: ${text(language, 'aiContext', 'fileErrors.type')}`)).toBeVisible();
    await expect(page.getByText(`bomb.pdf: ${text(language, 'aiContext', 'fileErrors.inflated')}`)).toBeVisible();
    await expect(page.getByText('Results of the October pilot')).toBeVisible();
    await expect(page.getByRole('link', { name: 'virus.pdf' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'bomb.pdf' })).toHaveCount(0);
    const files = page.getByRole('list', { name: text(language, 'aiContext', 'filesLabel') });
    const fileLine = (name: string) => files.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
    await expect(fileLine('pilot.pdf')).toContainText(text(language, 'aiContext', 'file.read'));
    await expect(fileLine('minutes.pdf')).toContainText(text(language, 'aiContext', 'file.truncated'));

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'pilot.pdf' }).click();
    expect((await download).suggestedFilename()).toBe('pilot.pdf');
    await expectNoAxeViolations(page);

    await page.request.post('/api/ai/consent', { data: { granted: true } });
    await page.goto('/talk-rumbo');
    await waitForApp(page);
    const composer = page.getByLabel(text(language, 'mentor', 'composer.label'));
    await composer.fill(language === 'en' ? 'How did the Bodega Norte pilot convert?' : '¿Cómo convirtió el piloto con Bodega Norte?');
    await page.getByRole('button', { name: text(language, 'mentor', 'composer.send') }).click();
    await expect(page.getByRole('log').getByText('Our pilot with Bodega Norte converted at 18 percent.')).toBeVisible();
  });
}

for (const language of ['en', 'es-LA'] as const) {
  const aiContext = (key: string) => text(language, 'aiContext', key);

  test(`edits an entry's description, removes one of its files, and deletes it; failures to save, update and delete say so (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signUpFounder(page);
    await page.goto('/aicontext');
    await waitForApp(page);

    // Adding fails once: the founder is told, and keeps what they typed and picked.
    await failCalls(page, '**/api/context', 'POST');
    await page.getByLabel(aiContext('fields.type')).selectOption({ label: aiContext('types.metrics-financials') });
    const description = page.getByLabel(aiContext('fields.description'));
    await description.fill('Pricing test, first week');
    await page.getByLabel(aiContext('fields.files')).setInputFiles([
      { name: 'pricing.pdf', mimeType: 'application/pdf', buffer: Buffer.from(makePdf(['New price converted at 4 percent.'])) },
      { name: 'weeks.csv', mimeType: 'text/csv', buffer: Buffer.from('week,signups\n1,40\n2,52\n') },
    ]);
    await page.getByRole('button', { name: aiContext('add') }).click();
    await expect(page.getByText(aiContext('toast.saveError'))).toBeVisible();
    await expect(description).toHaveValue('Pricing test, first week');
    await page.unroute('**/api/context');
    await page.getByRole('button', { name: aiContext('add') }).click();
    await expect(page.getByText(aiContext('toast.saved'))).toBeVisible();

    const entries = page.getByRole('region', { name: aiContext('entries') });
    const entry = entries.getByRole('listitem').filter({ hasText: 'Pricing test, first week' });
    await expect(entry.getByRole('link', { name: 'pricing.pdf' })).toBeVisible();
    await expect(entry.getByRole('link', { name: 'weeks.csv' })).toBeVisible();

    // Edit: a new description, and weeks.csv ticked for removal.
    await entry.getByRole('button', { name: aiContext('edit') }).click();
    const form = entries.getByRole('listitem').filter({ has: page.getByRole('group', { name: aiContext('fields.currentFiles') }) });
    const removeCsv = form.getByRole('checkbox', { name: aiContext('removeFile').replace('{{name}}', 'weeks.csv') });
    await expect(form.getByRole('checkbox', { name: aiContext('removeFile').replace('{{name}}', 'pricing.pdf') })).not.toBeChecked();
    await form.getByLabel(aiContext('fields.description')).fill('Pricing test: the new price converts at 4 percent');
    await removeCsv.check();
    await expectNoAxeViolations(page);

    await failCalls(page, '**/api/context/*', 'PATCH');
    await form.getByRole('button', { name: aiContext('save') }).click();
    await expect(page.getByText(aiContext('toast.updateError'))).toBeVisible();
    // Still editing, with the founder's changes in place.
    await expect(removeCsv).toBeChecked();
    await page.unroute('**/api/context/*');
    await form.getByRole('button', { name: aiContext('save') }).click();
    await expect(page.getByText(aiContext('toast.updated'))).toBeVisible();

    const edited = entries.getByRole('listitem').filter({ hasText: 'Pricing test: the new price converts at 4 percent' });
    await expect(edited.getByRole('link', { name: 'pricing.pdf' })).toBeVisible();
    await expect(edited.getByRole('link', { name: 'weeks.csv' })).toHaveCount(0);
    await expect(entries.getByText('Pricing test, first week')).toHaveCount(0);
    const [stored] = (await (await page.request.get('/api/context')).json()).entries;
    expect(stored.files.map((file: { name: string }) => file.name)).toEqual(['pricing.pdf']);

    // Deleting fails once, then works.
    page.on('dialog', (dialog) => void dialog.accept());
    await failCalls(page, '**/api/context/*', 'DELETE');
    await edited.getByRole('button', { name: aiContext('delete') }).click();
    await expect(page.getByText(aiContext('toast.deleteError'))).toBeVisible();
    await expect(edited).toBeVisible();
    await page.unroute('**/api/context/*');
    await edited.getByRole('button', { name: aiContext('delete') }).click();
    await expect(page.getByText(aiContext('toast.deleted'))).toBeVisible();
    await expect(page.getByText(aiContext('empty'))).toBeVisible();
    expect((await (await page.request.get('/api/context')).json()).entries).toEqual([]);
  });
}
