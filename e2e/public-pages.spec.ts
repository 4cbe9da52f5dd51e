import { expect, test } from '@playwright/test';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

test.describe('public pages', () => {
  test('the landing page is served prerendered, in English by default', async ({ page, request }) => {
    const html = await (await request.get('/', { headers: { 'accept-language': 'en-US' } })).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toMatch(/<h1[^>]*>/); // content is in the HTML before any script runs

    await page.goto('/');

    await waitForApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: text('en', 'common', 'nav.pricing'), exact: true })).toBeVisible();
  });

  test('a Spanish browser gets Latin-American Spanish on the first visit', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto('/');
    await waitForApp(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-419');
    await expect(page.getByRole('banner').getByRole('link', { name: text('es-LA', 'common', 'nav.pricing'), exact: true })).toBeVisible();
    await context.close();
  });

  for (const [language, locale] of [['en', 'en-US'], ['es-LA', 'es-MX']] as const) {
    test(`the landing page shows the dashboard and the mentor themselves, as labelled examples (${language})`, async ({ browser }) => {
      const t = (namespace: string, key: string) => text(language, namespace, key);
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      // Rendered into the HTML at build time, before any script runs.
      const html = await (await page.request.get('/', { headers: { 'accept-language': locale } })).text();
      expect(html).toContain(t('showcase', 'mentor.question'));
      await page.goto('/');
      await waitForApp(page);

      const dashboard = page.locator('figure', { hasText: t('showcase', 'dashboard.caption') });
      await dashboard.scrollIntoViewIfNeeded();
      await expect(dashboard.getByTestId('showcase-dashboard').locator('[data-metric]')).toHaveCount(4);
      await expect(dashboard.locator('[data-metric="mrr"]')).toContainText(t('metrics', 'metrics.mrr'));
      const mentor = page.locator('figure', { hasText: t('showcase', 'mentor.caption') });
      await expect(mentor.getByTestId('showcase-mentor')).toContainText(t('showcase', 'mentor.question'));
      // Examples, not controls: nothing inside takes focus, and screen readers get the caption.
      await expect(page.getByTestId('showcase-mentor')).toHaveAttribute('inert', '');
      await expect(page.getByTestId('showcase-dashboard')).toHaveAttribute('aria-hidden', 'true');
      await context.close();
    });
  }

  test('the language switcher changes the language and remembers it', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('banner').getByLabel(text('en', 'common', 'language.label')).selectOption('es-LA');
    await expect(page.getByRole('banner').getByRole('link', { name: text('es-LA', 'common', 'nav.pricing'), exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-419');
    expect(await page.evaluate(() => localStorage.getItem('rumbo_language'))).toBe('es-LA');

    await page.reload();

    await waitForApp(page);
    await expect(page.getByRole('banner').getByRole('link', { name: text('es-LA', 'common', 'nav.pricing'), exact: true })).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: text('es-LA', 'common', 'nav.manifesto'), exact: true }).click();
    await expect(page).toHaveURL(/\/manifesto$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es-419');
  });

  test('the theme follows the system, and a chosen theme survives a reload', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto('/');
    await waitForApp(page);
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const darkFromSystem = await background();

    await page.getByRole('button', { name: `${text('en', 'common', 'theme.label')}: ${text('en', 'common', 'theme.system')}` }).click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    const light = await background();
    expect(light).not.toBe(darkFromSystem);

    await page.reload();

    await waitForApp(page);
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    expect(await background()).toBe(light);

    await page.getByRole('button', { name: `${text('en', 'common', 'theme.label')}: ${text('en', 'common', 'theme.light')}` }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await background()).toBe(darkFromSystem);
    await context.close();
  });

  test('pricing and manifesto have their own pages', async ({ page }) => {
    await page.goto('/pricing');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/manifesto');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('/login and /signup lead to /auth', async ({ page }) => {
    await page.goto('/login');
    await waitForApp(page);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'auth', 'title.signIn') })).toBeVisible();
    await page.goto('/signup');
    await waitForApp(page);
    await expect(page).toHaveURL(/\/auth\?mode=sign-up$/);
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'auth', 'title.signUp') })).toBeVisible();
  });

  test('any other path shows the not-found page', async ({ page }) => {
    await page.goto('/this-page-does-not-exist');
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'common', 'notFound.title') })).toBeVisible();
    await page.getByRole('link', { name: text('en', 'common', 'notFound.home') }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a missing asset is a real 404, not the app', async ({ request }) => {
    const response = await request.get('/assets/does-not-exist.js');
    expect(response.status()).toBe(404);
  });
});
