import type { Page } from '@playwright/test';

/**
 * Waits until the app has hydrated: src/web/app/providers.tsx sets `<html data-ready>`.
 * Prerendered pages are visible before their script runs (src/web/boot.ts loads the
 * app after the first paint), and a click or a select before hydration does nothing,
 * so call this after `page.goto`/`page.reload` and before interacting.
 */
export async function waitForApp(page: Page) {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}
