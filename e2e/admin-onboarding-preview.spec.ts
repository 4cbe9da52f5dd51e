import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signInAdmin, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';

/**
 * Admin › Onboarding preview (decision 217): the founder's own onboarding form, walked
 * read-only in both languages and both variants, then filled in the sandbox, which shows what
 * Finish would have stored and stores nothing. RUMBO_ADMIN_EMAILS in playwright.config.ts
 * makes e2e-admin-preview@example.com an admin.
 */
const ADMIN_EMAIL = 'e2e-admin-preview@example.com';
type Language = 'en' | 'es-LA';
const STEPS = { classic: ['about', 'startup', 'customers', 'habits'], revamp: ['startup', 'customers', 'about', 'habits'] } as const;

/** Every request that could write (anything but a read), as the sandbox must send none. */
function watchWrites(page: Page) {
  const writes: string[] = [];
  page.on('request', (request) => {
    if (!['GET', 'HEAD', 'OPTIONS'].includes(request.method())) writes.push(`${request.method()} ${request.url()}`);
  });
  return writes;
}

for (const [adminLanguage, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  test(`an admin previews both variants in both languages, then fills the sandbox and nothing is stored (${adminLanguage})`, async ({ page }) => {
    const admin = (key: string) => text(adminLanguage, 'admin', key);
    await page.setViewportSize(viewport);
    await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), adminLanguage);
    await signInAdmin(page, ADMIN_EMAIL, adminLanguage);
    const before = await (await page.request.get('/api/me')).json();

    await page.goto('/admin');
    await page.getByRole('link', { name: admin('sections.onboardingPreview') }).click();
    await expect(page).toHaveURL(/\/admin\/onboarding-preview$/);
    await expect(page.getByRole('heading', { level: 2, name: admin('onboardingPreview.title') })).toBeVisible();
    const writes = watchWrites(page);
    const frame = page.getByRole('region', { name: admin('onboardingPreview.frame') });

    for (const language of ['en', 'es-LA'] as const) {
      for (const variant of ['classic', 'revamp'] as const) {
        const onboarding = (key: string) => text(language, 'onboarding', key);
        await page.getByRole('radio', { name: text(adminLanguage, 'common', `language.${language}`) }).check();
        await page.getByRole('radio', { name: admin(`onboardingPreview.variants.${variant}`) }).check();
        await expect(frame.getByRole('heading', { level: 1, name: onboarding('title') })).toBeVisible();
        const stepTitle = (key: string) => frame.getByRole('heading', { level: 2, name: onboarding(`steps.${key}.title`), exact: true });
        await expect(stepTitle(STEPS[variant][0])).toBeVisible();
        await expectNoAxeViolations(page, `preview ${language} ${variant} (${adminLanguage})`);

        // Next walks the steps in the variant's order; nothing can be typed on the way.
        for (const [index, key] of STEPS[variant].entries()) {
          await expect(stepTitle(key)).toBeVisible();
          const controls = frame.locator('form').locator('input, select, textarea');
          for (const control of await controls.all()) await expect(control).toBeDisabled();
          if (index < 3) await frame.getByRole('button', { name: onboarding('next') }).click();
        }
        await expect(frame.getByRole('button', { name: onboarding('finish') })).toBeDisabled();
        // Back walks them back to the first one.
        for (const key of [...STEPS[variant]].reverse().slice(1)) {
          await frame.getByRole('button', { name: onboarding('back') }).click();
          await expect(stepTitle(key)).toBeVisible();
        }
        // The admin's own page stays in their language.
        await expect(page.getByRole('heading', { level: 1, name: admin('title') })).toBeVisible();
      }
    }

    // The sandbox, in the other language and the revamp: the founder's checks, then what would have been saved.
    const language: Language = adminLanguage === 'en' ? 'es-LA' : 'en';
    const onboarding = (key: string) => text(language, 'onboarding', key);
    const profile = (key: string) => text(language, 'profile', key);
    await page.getByRole('radio', { name: text(adminLanguage, 'common', `language.${language}`) }).check();
    await page.getByRole('radio', { name: admin('onboardingPreview.variants.revamp') }).check();
    await page.getByRole('radio', { name: admin('onboardingPreview.modes.sandbox') }).check();
    await expect(frame.getByRole('heading', { level: 2, name: onboarding('steps.startup.title'), exact: true })).toBeVisible();
    await frame.getByRole('button', { name: onboarding('next') }).click();
    await expect(frame.getByText(profile('validation:empty'))).toBeVisible();
    await expect(frame.getByText(profile('validation:choose')).first()).toBeVisible();
    await expectNoAxeViolations(page, `sandbox errors ${language} (${adminLanguage})`);

    const startupName = `Sandbox Labs ${adminLanguage}`;
    await frame.getByLabel(profile('fields.startupName.label'), { exact: false }).fill(startupName);
    await frame.getByLabel(profile('fields.industry.label'), { exact: false }).fill('Sandbox farming');
    await frame.getByRole('radio', { name: profile('options.teamSize.5-10') }).check();
    await frame.getByRole('radio', { name: profile('options.phase.mvp') }).check();
    await frame.getByRole('button', { name: onboarding('next') }).click();
    await frame.getByRole('textbox', { name: profile('fields.customerInformation.label') }).fill('Small farms in the Andes');
    await frame.getByRole('button', { name: onboarding('next') }).click();
    await expect(frame.getByRole('heading', { level: 2, name: onboarding('steps.about.title'), exact: true })).toBeVisible();
    await frame.getByLabel(profile('fields.nickname.label'), { exact: false }).fill('Sandy');
    await frame.getByRole('button', { name: onboarding('next') }).click();
    await frame.getByRole('button', { name: onboarding('finish') }).click();

    const result = page.getByRole('region', { name: admin('onboardingPreview.result.title') });
    await expect(result.getByRole('heading', { name: admin('onboardingPreview.result.title') })).toBeFocused();
    await expect(result.getByText(startupName)).toBeVisible();
    await expect(result.getByText('Sandbox farming')).toBeVisible();
    await expect(result.getByText(text(adminLanguage, 'profile', 'options.teamSize.5-10'))).toBeVisible();
    await expect(result.getByText('Sandy')).toBeVisible();
    await expectNoAxeViolations(page, `sandbox result (${adminLanguage})`);

    // Nothing was sent, and the admin's own profile, draft and language are as they were.
    expect(writes).toEqual([]);
    const after = await (await page.request.get('/api/me')).json();
    expect(after).toEqual(before);
    expect(after.startupName).not.toBe(startupName);
    expect((await (await page.request.get('/api/onboarding/draft')).json()).draft).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('rumbo_language'))).toBe(adminLanguage);

    await result.getByRole('button', { name: admin('onboardingPreview.result.again') }).click();
    await expect(frame.getByRole('heading', { level: 2, name: onboarding('steps.startup.title'), exact: true })).toBeVisible();
    await expect(frame.getByLabel(profile('fields.startupName.label'), { exact: false })).toHaveValue('');
  });
}

test('a founder who opens the preview gets no admin page', async ({ page }) => {
  await signUpFounder(page);
  await page.goto('/admin/onboarding-preview');
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByText(text('en', 'errors', 'unauthorized'))).toBeVisible();
  await expect(page.getByRole('heading', { name: text('en', 'admin', 'onboardingPreview.title') })).toHaveCount(0);
});
