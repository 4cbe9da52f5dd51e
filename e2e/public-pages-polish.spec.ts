import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

type Language = 'en' | 'es-LA';
const BROWSER_LOCALE: Record<Language, string> = { en: 'en-US', 'es-LA': 'es-MX' };
const OPTION_LABEL = { en: 'English', 'es-LA': 'Español (Latinoamérica)' } as const;

test('a Spanish visitor sees Spanish selected on the prerendered pages and can switch to English', async ({ browser, request }) => {
  const html = await (await request.get('/pricing', { headers: { 'accept-language': 'es-MX' } })).text();
  // The server-rendered selector already names the page's language, before any script runs.
  expect(html).toMatch(/<option value="es-LA" selected="">/);

  const context = await browser.newContext({ locale: 'es-MX' });
  const page = await context.newPage();
  for (const path of ['/', '/pricing', '/manifesto']) {
    await page.goto(path);
    await waitForApp(page);
    const selector = page.getByRole('banner').getByLabel(text('es-LA', 'common', 'language.label'));
    await expect(selector).toHaveValue('es-LA');
    await expect(selector.locator('option:checked')).toHaveText(OPTION_LABEL['es-LA']);
  }

  await page.getByRole('banner').getByLabel(text('es-LA', 'common', 'language.label')).selectOption('en');

  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('banner').getByRole('link', { name: text('en', 'common', 'nav.signIn'), exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'marketing', 'manifesto.title') })).toBeVisible();
  await context.close();
});

async function expectOneRowHeader(page: Page, language: Language) {
  const header = page.getByRole('banner');
  const signIn = header.getByRole('link', { name: text(language, 'common', 'nav.signIn'), exact: true });
  const getStarted = header.getByRole('link', { name: text(language, 'common', 'nav.getStarted'), exact: true });
  await expect(signIn).toBeVisible();
  await expect(getStarted).toBeVisible();
  const logo = (await header.getByRole('link').first().boundingBox())!;
  const signInBox = (await signIn.boundingBox())!;
  const startBox = (await getStarted.boundingBox())!;
  // One row: everything shares the logo's line, and nothing spills past the right edge.
  for (const box of [signInBox, startBox]) {
    expect(Math.abs(box.y + box.height / 2 - (logo.y + logo.height / 2))).toBeLessThan(4);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

for (const language of ['en', 'es-LA'] as const) {
  test(`at 390 px the header is one row with "Sign in", and nothing scrolls sideways (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: BROWSER_LOCALE[language], viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const path of ['/', '/pricing', '/manifesto', '/terms']) {
      await page.goto(path);
      await waitForApp(page);
      await expectOneRowHeader(page, language);
    }
    await page.goto('/');
    await waitForApp(page);
    await expectNoAxeViolations(page, `390px ${language} /`);
    await context.close();
  });

  test(`the footer leads to the terms and the privacy policy, and sign-up links to both (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ locale: BROWSER_LOCALE[language] });
    const page = await context.newPage();
    const say = (namespace: string, key: string) => text(language, namespace, key);
    await page.goto('/');
    await waitForApp(page);
    // The hero states the runway rule the app applies (above 40 weeks).
    await expect(page.getByText(say('marketing', 'hero.preview.metrics.runway.status').replace('{{weeks}}', '40'))).toBeVisible();

    const footer = page.getByRole('contentinfo');
    for (const key of ['product', 'pricing', 'manifesto', 'terms', 'privacy', 'contact']) {
      await expect(footer.getByRole('link', { name: say('common', `nav.${key}`), exact: true })).toBeVisible();
    }
    await expect(footer.getByLabel(say('common', 'language.label'))).toHaveValue(language);

    await footer.getByRole('link', { name: say('common', 'nav.terms'), exact: true }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: say('marketing', 'legal.terms.title') })).toBeVisible();
    await expect(page).toHaveTitle(say('meta', 'terms.title'));
    await expectNoAxeViolations(page, `${language} /terms`);

    await footer.getByRole('link', { name: say('common', 'nav.contact'), exact: true }).click();
    await expect(page).toHaveURL(/\/privacy#contact$/);
    await expect(page.getByRole('heading', { level: 1, name: say('marketing', 'legal.privacy.title') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: say('marketing', 'legal.contact.title') })).toBeVisible();
    await expectNoAxeViolations(page, `${language} /privacy`);

    await page.goto('/auth?mode=sign-up');
    await waitForApp(page);
    const consent = page.locator('label').filter({ has: page.getByRole('checkbox') }).filter({ hasText: say('auth', 'fields.terms') });
    const links = consent.getByRole('link');
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toHaveAttribute('href', '/terms');
    await expect(links.nth(1)).toHaveAttribute('href', '/privacy');

    await page.goto('/pricing');
    await waitForApp(page);
    await page.getByRole('button', { name: say('marketing', 'pricing.billing.yearly') }).click();
    // The yearly price is twelve months at the monthly one: it says so, and announces no saving.
    await expect(page.getByText(say('marketing', 'pricing.premium.yearly.note'))).toBeVisible();
    const premiumCard = page.locator('article').filter({ hasText: say('marketing', 'pricing.premium.badge') });
    await expect(premiumCard).toContainText(say('marketing', 'pricing.premium.yearly.price'));
    await expect(premiumCard).not.toContainText('$0');
    await context.close();
  });
}
