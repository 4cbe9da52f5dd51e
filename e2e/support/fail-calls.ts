import type { Page } from '@playwright/test';

/** The body our server answers an unexpected failure with (`{ error: { code, message } }`). */
const SERVER_ERROR = { status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'INTERNAL', message: 'An error occurred. Please try again.' } }) };

/**
 * Makes every `method` call to `url` fail, with the server's own 500 or a dropped connection,
 * until `page.unroute(url)`; other methods on the same URL go through. The rest of the app
 * stays real: only the call under test fails.
 */
export async function failCalls(page: Page, url: string, method: string, how: 'server-error' | 'network' = 'server-error') {
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    if (how === 'network') return route.abort('failed');
    return route.fulfill(SERVER_ERROR);
  });
}
