import { expect, test } from '@playwright/test';
import { makePdf } from '../tests/support/make-pdf.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

for (const language of ['en', 'es-LA'] as const) {
  test(`an AI context entry with a PDF: refused files are skipped, the text reaches the mentor (${language})`, async ({ page }) => {
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
    ]);
    await page.getByRole('button', { name: text(language, 'aiContext', 'add') }).click();
    await expect(page.getByText(text(language, 'aiContext', 'skipped.title'))).toBeVisible();
    await expect(page.getByText(`virus.pdf: ${text(language, 'aiContext', 'fileErrors.type')}`)).toBeVisible();
    await expect(page.getByText('Results of the October pilot')).toBeVisible();
    await expect(page.getByRole('link', { name: 'pilot.pdf' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'virus.pdf' })).toHaveCount(0);
    await expect(page.getByText(text(language, 'aiContext', 'file.read'), { exact: false })).toBeVisible();

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
