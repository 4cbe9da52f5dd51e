import { expect, test } from '@playwright/test';
import { FOUNDER_PASSWORD as password, signUpFounder, uniqueEmail } from './support/founder.ts';
import { SIGNED_IN_SHELL_PAGES } from '../src/core/signed-in-pages.ts';
import { text } from './support/locales.ts';

test.describe('the protected area', () => {
  test('sends a signed-out visitor to /auth', async ({ page }) => {
    await page.goto('/overview');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Foverview$/);
  });

  test('sign-up asks for the terms, then lands on onboarding, which the guard enforces', async ({ page }) => {
    await page.goto('/auth?mode=sign-up');
    await page.getByLabel(text('en', 'auth', 'fields.fullName'), { exact: true }).fill('Valeria Ríos');
    await page.getByLabel(text('en', 'auth', 'fields.email'), { exact: true }).fill(uniqueEmail());
    await page.getByLabel(text('en', 'auth', 'fields.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text('en', 'auth', 'submit.signUp') }).click();
    await expect(page.getByText(text('en', 'auth', 'validation:auth.terms'))).toBeVisible();

    await page.getByLabel(text('en', 'auth', 'fields.terms'), { exact: true }).check();
    await page.getByRole('button', { name: text('en', 'auth', 'submit.signUp') }).click();
    await expect(page.getByText(text('en', 'auth', 'toast.signUpSuccess'))).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);

    await page.goto('/overview');
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test('sign-in validates the e-mail and the password length before asking the server', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel(text('en', 'auth', 'fields.email'), { exact: true }).fill('not-an-email');
    await page.getByLabel(text('en', 'auth', 'fields.password'), { exact: true }).fill('short');
    await page.getByRole('button', { name: text('en', 'auth', 'submit.signIn') }).click();
    await expect(page.getByText(text('en', 'auth', 'validation:email'))).toBeVisible();
    await expect(page.getByText(text('en', 'auth', 'validation:auth.passwordMin').replace('{{min}}', '8'))).toBeVisible();
  });

  test('a wrong password is refused with the sign-in error', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel(text('en', 'auth', 'fields.email'), { exact: true }).fill(uniqueEmail());
    await page.getByLabel(text('en', 'auth', 'fields.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text('en', 'auth', 'submit.signIn') }).click();
    await expect(page.getByText(text('en', 'auth', 'errors.signInFailed'))).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('the app shell', () => {
  test.beforeEach(async ({ page }) => {
    // Onboarding through the API its form calls (e2e/onboarding-profile.spec.ts drives
    // the form itself), so this spec tests only the shell.
    await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Mateo' });
  });

  test('a sidebar with every section on wide screens', async ({ page }) => {
    await page.goto('/overview');
    const nav = page.getByRole('navigation', { name: text('en', 'shell', 'nav.label') });
    for (const key of ['overview', 'metrics', 'tasks', 'strategy', 'mentor', 'aiContext', 'community', 'referral', 'profile']) {
      await expect(nav.getByRole('link', { name: text('en', 'shell', `nav.${key}`) })).toBeVisible();
    }
    // Only admins see Admin.
    await expect(nav.getByRole('link', { name: text('en', 'shell', 'nav.admin') })).toHaveCount(0);
    // Goals and Hypothesis left the navigation; their old links still open Tasks.
    await expect(nav.getByRole('link')).toHaveCount(9);
    for (const old of ['/goals', '/hypothesis']) {
      await page.goto(old);
      await expect(page).toHaveURL(/\/high-performance-tasks$/);
      await expect(page.getByRole('heading', { level: 1, name: text('en', 'tasks', 'title') })).toBeVisible();
    }
  });

  test('a drawer on phones, closed with Escape', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/overview');
    const nav = page.getByRole('navigation', { name: text('en', 'shell', 'nav.label') });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: text('en', 'shell', 'nav.open') }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: text('en', 'shell', 'nav.metrics') })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await page.getByRole('button', { name: text('en', 'shell', 'nav.open') }).click();
    await drawer.getByRole('link', { name: text('en', 'shell', 'nav.metrics') }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/metrics$/);
  });

  test('signing out clears the chat flags, says so, lands on the landing page and closes the protected area', async ({ page }) => {
    await page.goto('/overview');
    await page.evaluate(() => {
      sessionStorage.setItem('rumbo_chat_welcomed', '1');
      sessionStorage.setItem('rumbo_chat_page_visited', '1');
    });
    await page.getByRole('button', { name: text('en', 'shell', 'signOut.label') }).click();
    await expect(page.getByText(text('en', 'shell', 'signOut.success'))).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: text('en', 'common', 'nav.signIn'), exact: true })).toBeVisible();
    expect(await page.evaluate(() => [sessionStorage.getItem('rumbo_chat_welcomed'), sessionStorage.getItem('rumbo_chat_page_visited')])).toEqual([null, null]);
    await page.goto('/metrics');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fmetrics$/);
  });
});

test.describe('a signed-in page opened directly, before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  test('the pages with a shell of their own already show the app frame, on a phone and on a wide screen (decision 231)', async ({ page }) => {
    for (const { path: pagePath } of SIGNED_IN_SHELL_PAGES) {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(pagePath);
      // The phone's header, with its menu button, is painted from the HTML alone.
      await expect(page.locator('#root header svg').first()).toBeVisible();
      await expect(page.locator('#root aside')).toBeHidden();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(page.locator('#root aside svg')).toBeVisible();
    }
  });
});

test.describe('a signed-in founder’s page opened directly, drawn by the server with their data (decision 315)', () => {
  test.describe('before any script runs', () => {
    test.use({ javaScriptEnabled: false });

    test('shows their own Overview and Metrics in their language, on a phone and on a wide screen', async ({ page, baseURL }) => {
      await signUpFounder(page, { startupName: 'Tiendita Rojas' }, { name: 'Mateo' });
      // The profile's language, as the app would show it, where this browser chose none.
      expect((await page.request.patch('/api/me', { data: { preferredLanguage: 'es-LA' } })).ok()).toBe(true);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/overview');
      const drawn = page.locator('#first-screen');
      await expect(drawn.locator('h1')).toHaveText(text('es-LA', 'overview', 'greeting.named').replace('{{name}}', 'Mateo'));
      await expect(drawn.locator('main header')).toContainText('Tiendita Rojas');
      // The sidebar is the wide screen's: on a phone only the header with its menu button shows.
      await expect(drawn.locator('aside')).toBeHidden();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect(drawn.locator('aside nav a').first()).toHaveText(text('es-LA', 'shell', 'nav.overview'));

      await page.goto('/metrics');
      await expect(page.locator('#first-screen h1')).toHaveText(text('es-LA', 'metrics', 'title'));
      // A language this browser chose wins.
      await page.context().addCookies([{ name: 'rumbo_language', value: 'en', url: baseURL ?? '' }]);
      await page.reload();
      await expect(page.locator('#first-screen h1')).toHaveText(text('en', 'metrics', 'title'));
    });
  });

  test('then the app takes its place: usable, drawn once, and without an error', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await signUpFounder(page, { startupName: 'Tiendita Rojas' }, { name: 'Mateo' });
    await page.goto('/overview');
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'overview', 'greeting.named').replace('{{name}}', 'Mateo') })).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.locator('h1')).toHaveCount(1);
    await page.getByRole('navigation', { name: text('en', 'shell', 'nav.label') }).getByRole('link', { name: text('en', 'shell', 'nav.metrics') }).click();
    await expect(page.getByRole('heading', { level: 1, name: text('en', 'metrics', 'title') })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
