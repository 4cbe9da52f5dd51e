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

/**
 * Opens the signed-in page `path` the way a founder already in the app reaches it: from their
 * profile, through the navigation. Its reads are then the browser's own, where `page.route` can
 * answer them otherwise: a page opened directly is drawn with reads the server makes itself
 * (decision 315). `path` must be one of the navigation's links, shown on a wide screen.
 */
export async function openFromTheApp(page: Page, path: string) {
  await page.goto('/profile');
  await page.locator(`aside nav a[href="${path}"]`).click();
  await page.waitForURL((url) => url.pathname === path);
}
