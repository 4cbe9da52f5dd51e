import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, signInAdmin, signUpByApi, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';

/**
 * An admin changes the onboarding revamp flag in Settings and a founder's onboarding changes
 * variant on their next load (decisions 205–207): by rollout in English on a
 * desktop, by the override list in Spanish on a phone. RUMBO_ADMIN_EMAILS in playwright.config.ts
 * makes e2e-admin-flags@example.com an admin.
 */
const REVAMP = 'onboarding_revamp_v1_rollout';

async function flagCard(page: Page) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: REVAMP }) });
}

test.afterEach(async ({ browser }) => {
  // The flag is the server's, not this test's: it goes back to off for every other spec.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signUpByApi(admin, { name: 'Ada', email: 'e2e-admin-flags@example.com' });
  expect((await admin.request.put(`/api/admin/feature-flags/${REVAMP}`, { data: { rolloutPercent: 0, overrideEmails: [] } })).ok()).toBe(true);
  await context.close();
});

for (const [language, viewport, how] of [
  ['en', { width: 1280, height: 900 }, 'rollout'],
  ['es-LA', { width: 390, height: 844 }, 'override'],
] as const) {
  test(`an admin's flag change switches a founder's onboarding variant (${language}, ${how})`, async ({ page, browser }) => {
    const admin = (key: string) => text(language, 'admin', key);
    const stepTitle = (key: string) => text(language, 'onboarding', `steps.${key}.title`);

    // The founder, in a browser of their own, starts onboarding on the classic order.
    const founderContext = await browser.newContext({ viewport });
    await founderContext.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
    const founder = await founderContext.newPage();
    const founderEmail = uniqueEmail('flags');
    await signUpByApi(founder, { email: founderEmail });
    await founder.goto('/onboarding');
    await expect(founder.getByRole('heading', { level: 2, name: stepTitle('about') })).toBeVisible();

    await page.setViewportSize(viewport);
    await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
    await signInAdmin(page, 'e2e-admin-flags@example.com', language);
    await page.goto('/admin');
    await page.getByRole('link', { name: admin('sections.settings'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: admin('settings.title') })).toBeVisible();
    const card = await flagCard(page);
    if (how === 'rollout') await card.getByLabel(admin('settings.rollout'), { exact: true }).fill('100');
    else await card.getByLabel(admin('settings.overrides'), { exact: true }).fill(founderEmail);
    await card.getByRole('button', { name: admin('settings.save') }).click();
    await expect(page.getByText(admin('settings.saved'))).toBeVisible();
    await expectNoAxeViolations(page, `/admin/settings (${language})`);

    // On their next load the founder walks the revamp: the startup first.
    await founder.reload();
    await expect(founder.getByRole('heading', { level: 2, name: stepTitle('startup') })).toBeVisible();
    await expectNoAxeViolations(founder, `/onboarding revamp (${language})`);

    // Back to 0 % with no overrides: the classic order again.
    await page.reload();
    const again = await flagCard(page);
    await again.getByLabel(admin('settings.rollout'), { exact: true }).fill('0');
    await again.getByLabel(admin('settings.overrides'), { exact: true }).fill('');
    await again.getByRole('button', { name: admin('settings.save') }).click();
    await expect(page.getByText(admin('settings.saved'))).toBeVisible();
    await founder.reload();
    await expect(founder.getByRole('heading', { level: 2, name: stepTitle('about') })).toBeVisible();
    await founderContext.close();
  });
}

test('a rollout over 100 is refused and nothing changes', async ({ page }) => {
  await signInAdmin(page, 'e2e-admin-flags@example.com', 'en');
  await page.goto('/admin/settings');
  const card = await flagCard(page);
  await card.getByLabel(text('en', 'admin', 'settings.rollout'), { exact: true }).fill('101');
  await card.getByRole('button', { name: text('en', 'admin', 'settings.save') }).click();
  // The browser's own check holds the form; the server would refuse it too (integration test).
  await expect(page.getByText(text('en', 'admin', 'settings.saved'))).toHaveCount(0);
  const flags = (await (await page.request.get('/api/admin/feature-flags')).json()) as { flags: { name: string; rolloutPercent: number }[] };
  expect(flags.flags.find((flag) => flag.name === REVAMP)!.rolloutPercent).toBe(0);
});
