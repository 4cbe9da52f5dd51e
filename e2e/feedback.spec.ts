import { expect, type Locator, type Page, test } from '@playwright/test';
import { TINY_PNG } from '../tests/support/make-pdf.ts';
import { failCalls } from './support/fail-calls.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

const GIF_BYTES = [...Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')];

/** Pastes (or drops) files into `target` as the browser does: a paste or drop event carrying them. */
async function handFiles(target: Locator, how: 'paste' | 'drop', files: { name: string; type: string; bytes: number[] }[]) {
  await target.evaluate(
    (element, { how, files }) => {
      const data = new DataTransfer();
      for (const file of files) data.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      const event = how === 'paste' ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }) : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
      element.dispatchEvent(event);
    },
    { how, files },
  );
}

async function openFeedback(page: Page, language: 'en' | 'es-LA', phone: boolean) {
  const shell = (key: string) => text(language, 'shell', key);
  if (phone) await page.getByRole('button', { name: shell('nav.open') }).click();
  await page.getByRole('button', { name: shell('nav.feedback') }).click();
  return page.getByRole('dialog', { name: text(language, 'feedback', 'title') });
}

for (const [language, phone] of [['en', false], ['es-LA', true]] as const) {
  test(`sends an issue with a pasted image from the navigation and sees it on the profile; bad input and a failed send keep the draft (${language}${phone ? ', phone' : ''})`, async ({ page }) => {
    const feedback = (key: string) => text(language, 'feedback', key);
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signUpFounder(page);
    await page.goto('/metrics');
    await waitForApp(page);

    const dialog = await openFeedback(page, language, phone);
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page);

    // An issue needs text and at least one section.
    await dialog.getByRole('radio', { name: feedback('type.issue') }).check();
    await dialog.getByRole('button', { name: feedback('send') }).click();
    await expect(dialog.getByText(feedback('validation:empty'))).toBeVisible();
    await expect(dialog.getByText(feedback('validation:feedback.section'))).toBeVisible();
    const content = dialog.getByLabel(feedback('content.label'));
    await content.fill('The chart stays empty after I import my CSV.');
    await dialog.getByRole('checkbox', { name: feedback('sections.metrics-dashboard') }).check();

    // A GIF renamed .png is refused by its bytes; a pasted PNG and a picked one are previewed, one removed.
    await handFiles(dialog.getByTestId('feedback-drop-zone'), 'drop', [{ name: 'cat.png', type: 'image/png', bytes: GIF_BYTES }]);
    await expect(page.getByText(feedback('invalidFiles'), { exact: true })).toBeVisible();
    await expect(page.getByText(`cat.png: ${feedback('fileErrors.type')}`)).toBeVisible();
    await handFiles(content, 'paste', [{ name: 'screenshot.png', type: 'image/png', bytes: [...TINY_PNG] }]);
    await dialog.getByTestId('feedback-image-picker').setInputFiles([{ name: 'second.png', mimeType: 'image/png', buffer: Buffer.from(TINY_PNG) }]);
    await expect(dialog.getByRole('img')).toHaveCount(2);
    await dialog.getByRole('button', { name: feedback('images.remove').replace('{{name}}', 'second.png') }).click();
    await expect(dialog.getByRole('img', { name: feedback('images.preview').replace('{{name}}', 'screenshot.png') })).toBeVisible();
    await expect(dialog.getByRole('img')).toHaveCount(1);
    await expect(dialog.getByText(feedback('validation:feedback.section'))).toBeHidden();
    await page.screenshot({ path: `test-results/feedback-dialog-${language}${phone ? '-phone' : ''}.png` });
    await expectNoAxeViolations(page);

    // The send fails once: the founder is told, and keeps what they wrote and attached.
    await failCalls(page, '**/api/feedback', 'POST');
    await dialog.getByRole('button', { name: feedback('send') }).click();
    await expect(page.getByText(feedback('failed'), { exact: true })).toBeVisible();
    await expect(content).toHaveValue('The chart stays empty after I import my CSV.');
    await expect(dialog.getByRole('img')).toHaveCount(1);
    await page.unroute('**/api/feedback');
    await dialog.getByRole('button', { name: feedback('send') }).click();
    await expect(page.getByText(feedback('sent.title'))).toBeVisible();
    await expect(dialog).toBeHidden();

    // The profile lists it with its status and its image, which loads for its owner.
    await page.goto('/profile');
    await waitForApp(page);
    const history = page.getByRole('region', { name: feedback('history.title') });
    const item = history.getByTestId('feedback-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('The chart stays empty after I import my CSV.');
    await expect(item).toContainText(feedback('status.received'));
    await expect(item).toContainText(feedback('sections.metrics-dashboard'));
    const image = item.getByRole('img', { name: 'screenshot.png' });
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await history.screenshot({ path: `test-results/feedback-history-${language}${phone ? '-phone' : ''}.png` });
    await expectNoAxeViolations(page);
  });
}
