import { expect, type Page, test } from '@playwright/test';
import { signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/**
 * In the browser: the periodic session check ends a session the server has ended, with
 * the reason (docs/product.md#sessions); /admin is for admins only (docs/product.md#roles;
 * RUMBO_ADMIN_EMAILS in playwright.config.ts makes e2e-admin@example.com one).
 */

const signUpAndOnboard = (page: Page, email = uniqueEmail('session')) =>
  signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Lucía', email });
// The Overview greets the founder by name (no nickname given at onboarding).
const overviewHeading = (page: Page) => page.getByRole('heading', { level: 1, name: text('en', 'overview', 'greeting.named').replace('{{name}}', 'Lucía') });

test.describe('the session validity check', () => {
  test('signs out with "Session expired" once the session has ended elsewhere', async ({ page, baseURL }) => {
    await page.clock.install();
    await signUpAndOnboard(page);
    await page.goto('/overview');
    await expect(overviewHeading(page)).toBeVisible();

    // Signed out from another tab: nothing happens here until the next check.
    const signOut = await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: baseURL ?? '' } });
    expect(signOut.status()).toBe(200);
    await page.clock.fastForward('04:00');
    await expect(page).toHaveURL(/\/overview$/);
    await page.clock.fastForward('01:05');
    await expect(page.getByText(text('en', 'session', 'expired.title'))).toBeVisible();
    await expect(page.getByText(text('en', 'session', 'expired.description'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('says "Session terminated" when the cookie was used from another browser', async ({ page, playwright, baseURL }) => {
    await page.clock.install();
    await signUpAndOnboard(page);
    await page.goto('/overview');
    await expect(overviewHeading(page)).toBeVisible();

    const cookies = await page.context().cookies();
    const thief = await playwright.request.newContext({
      baseURL,
      userAgent: 'SomeoneElse/1.0',
      extraHTTPHeaders: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
    });
    const stolen = await thief.get('/api/me');
    expect(stolen.status()).toBe(401);
    await thief.dispose();

    await page.clock.fastForward('05:05');
    await expect(page.getByText(text('en', 'session', 'terminated.title'))).toBeVisible();
    await expect(page.getByText(text('en', 'session', 'terminated.description'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });
});

test.describe('/admin', () => {
  test('turns a founder away to /overview with the not-authorized message', async ({ page }) => {
    await signUpAndOnboard(page);
    await page.goto('/admin');
    await expect(page.getByText(text('en', 'errors', 'unauthorized'))).toBeVisible();
    await expect(page).toHaveURL(/\/overview$/);
  });

  test('shows the admin dashboard to an admin, accessibly', async ({ page }) => {
    await signUpAndOnboard(page, 'e2e-admin@example.com');
    await page.goto('/overview');
    const nav = page.getByRole('navigation', { name: text('en', 'shell', 'nav.label') });
    await nav.getByRole('link', { name: text('en', 'shell', 'nav.admin') }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'admin', 'title') })).toBeVisible();
    await expect(page.getByText(text('en', 'admin', 'users'))).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: text('en', 'admin', 'usersSection.title') })).toBeVisible();
    await expect(page.getByRole('link', { name: text('en', 'admin', 'sections.settings') })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
