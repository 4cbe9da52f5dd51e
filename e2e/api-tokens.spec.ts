import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { onboardByApi, signUpByApi } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * Profile › API access (docs/api.md): a founder creates a token, copies it the one time it is
 * shown, a script reads with it, and revoking it stops it at once. Desktop in English, a phone
 * in the dark theme in Spanish.
 */
for (const [language, viewport, colorScheme] of [
  ['en', { width: 1280, height: 800 }, 'light'],
  ['es-LA', { width: 390, height: 844 }, 'dark'],
] as const) {
  test(`${language}: creates a token, copies it once, uses it, and revokes it`, async ({ browser, baseURL, playwright }) => {
    const p = (key: string) => text(language, 'profile', `apiAccess.${key}`);
    const context = await browser.newContext({ viewport, colorScheme, permissions: ['clipboard-read', 'clipboard-write'], baseURL });
    await context.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    const page = await context.newPage();
    await signUpByApi(page, { name: 'Ana Founder' });
    await onboardByApi(page);

    await page.goto('/profile');
    await waitForApp(page);
    await page.getByRole('link', { name: p('section.link') }).click();
    await expect(page.getByRole('heading', { level: 1, name: p('title') })).toBeVisible();
    await expect(page.getByText(p('list.empty'))).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel(p('create.name')).fill('Metrics sheet');
    await page.getByRole('radio', { name: p('scopes.readWrite') }).check();
    await page.getByRole('button', { name: p('create.submit') }).click();
    const shown = page.getByTestId('new-token');
    await expect(shown).toHaveText(/^rumbo_[A-Za-z0-9_-]{43}$/);
    await page.getByRole('button', { name: p('created.copy') }).click();
    await expect(page.getByText(p('created.copied'))).toBeVisible();
    const token = await page.evaluate(() => navigator.clipboard.readText());
    expect(token).toBe(await shown.textContent());
    await expectNoAxeViolations(page);

    // A script, with no browser cookie: the token reads the founder's profile.
    const script = await playwright.request.newContext({ baseURL });
    const me = await script.get('/api/me', { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(200);

    // Once dismissed, the token is never shown again: the list has its name and last four characters only.
    await page.getByRole('button', { name: p('created.done') }).click();
    await expect(shown).toHaveCount(0);
    await page.reload();
    await waitForApp(page);
    const row = page.getByRole('listitem').filter({ hasText: 'Metrics sheet' });
    await expect(row).toContainText(p('scopes.readWrite'));
    await expect(row).toContainText(token.slice(-4));
    expect(await page.content()).not.toContain(token);

    await row.getByRole('button', { name: p('list.revoke') }).click();
    await expect(page.getByText(p('list.revoked'))).toBeVisible();
    await expect(page.getByText(p('list.empty'))).toBeVisible();
    expect((await script.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
    await script.dispose();
    await context.close();
  });
}
