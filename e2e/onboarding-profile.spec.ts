import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { FOUNDER_PASSWORD, signUpByApi, signUpInBrowser } from './support/founder.ts';
import { text } from './support/locales.ts';

type Language = 'en' | 'es-LA';

/** The draft save (PUT /api/onboarding/draft) whose body carries `containing`. */
const draftSaved = (page: Page, containing: string) =>
  page.waitForResponse(
    (response) => response.url().endsWith('/api/onboarding/draft') && response.request().method() === 'PUT' && (response.request().postData() ?? '').includes(containing),
  );

for (const language of ['en', 'es-LA'] as const) {
  const t = (namespace: string, key: string) => text(language, namespace, key);
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A field's label, with the required mark when it has one.
  const label = (field: string) => new RegExp(`^${escape(t('profile', `fields.${field}.label`))}( ${escape(t('profile', 'fields.requiredMark'))})?$`);
  const stepHeading = (page: Page, step: string) => page.getByRole('heading', { level: 2, name: t('onboarding', `steps.${step}.title`) });
  const count = (length: string, max: string) => t('profile', 'fields.count').replace('{{length}}', length).replace('{{max}}', max);
  const countOver = (length: string, max: string, over: string) =>
    t('profile', 'fields.countOver').replace('{{length}}', length).replace('{{max}}', max).replace('{{over}}', over);

  test.describe(`onboarding, Overview and profile in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'es-MX', timezoneId: 'America/Bogota' });

    test('a new founder completes onboarding across a reload, meets the Overview and edits the profile', async ({ page, context }) => {
      await signUpInBrowser(page, language, { fullName: 'Camila Torres' });
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'en' ? 'en' : 'es-419');

      // Step 1: about you (the full name from sign-up is already there, and not asked again in parts).
      await expect(stepHeading(page, 'about')).toBeVisible();
      await expect(page.getByLabel(label('lastName'))).toHaveCount(0);
      await expect(page.getByText(t('onboarding', 'progress.status').replace('{{current}}', '1').replace('{{total}}', '4'))).toBeVisible();
      await expect(page.getByLabel(label('fullName'))).toHaveValue('Camila Torres');
      // Markup typed into a name is harmless: the form sends the clean text (checked at the end).
      await page.getByLabel(label('fullName')).fill('<b>Ana</b>');
      // Over-long: nothing is cut off; a count shows near the limit, and Next says what is wrong.
      const nickname = page.getByLabel(label('nickname'));
      await nickname.fill('n'.repeat(170));
      await expect(page.getByText(count('170', '200'))).toBeVisible();
      await nickname.fill('n'.repeat(201));
      await expect(nickname).toHaveValue('n'.repeat(201));
      await expect(page.getByText(countOver('201', '200', '1'))).toBeVisible();
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();
      await expect(page.getByText(t('profile', 'validation:tooLong').replace('{{max}}', '200'))).toBeVisible();
      await expect(nickname).toBeFocused();
      await expect(stepHeading(page, 'about')).toBeVisible();
      await nickname.fill('Cami');
      await expect(page.getByText(t('profile', 'validation:tooLong').replace('{{max}}', '200'))).toHaveCount(0);
      await page.getByLabel(label('country')).selectOption('CO');
      // The currency is asked beside the country, which pre-selects its own (decision 115).
      await expect(page.getByLabel(label('currency'))).toHaveValue('COP');
      await expectNoAxeViolations(page, `onboarding step 1 (${language})`);
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();

      // Step 2: required answers are asked for, URLs must be http(s).
      await expect(stepHeading(page, 'startup')).toBeFocused();
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();
      await expect(page.getByText(t('profile', 'validation:empty'))).toBeVisible();
      await expect(page.getByText(t('profile', 'validation:choose')).first()).toBeVisible();
      await page.getByLabel(label('startupName')).fill('Tiendita AI');
      await page.getByLabel(label('industry')).fill('Retail software');
      await page.getByRole('radio', { name: t('profile', 'options.teamSize.2-5') }).check();
      await page.getByRole('radio', { name: t('profile', 'options.phase.early-growth') }).check();
      await page.getByLabel(label('startupWebpageUrl')).fill('javascript:alert(1)');
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();
      await expect(page.getByText(t('profile', 'validation:urlProtocol'))).toBeVisible();
      // Typed the way founders type it: completed as they leave the field, not refused.
      await page.getByLabel(label('startupWebpageUrl')).fill('tiendita.example');
      await page.getByLabel(label('linkedinLink')).focus();
      await expect(page.getByLabel(label('startupWebpageUrl'))).toHaveValue('https://tiendita.example');
      await expectNoAxeViolations(page, `onboarding step 2 (${language})`);
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();

      // Step 3, then a reload mid-way: nothing is lost.
      await expect(stepHeading(page, 'customers')).toBeVisible();
      const savedDraft = draftSaved(page, 'technical');
      await page.getByLabel(label('customerInformation')).fill('Key data: churn is 5%');
      await page.getByRole('radio', { name: t('profile', 'options.founderType.technical') }).check();
      await savedDraft;
      await page.reload();
      await expect(stepHeading(page, 'customers')).toBeVisible();
      await expect(page.getByLabel(label('customerInformation'))).toHaveValue('Key data: churn is 5%');
      await expect(page.getByRole('radio', { name: t('profile', 'options.founderType.technical') })).toBeChecked();
      await page.getByRole('button', { name: t('onboarding', 'back') }).click();
      await expect(page.getByLabel(label('industry'))).toHaveValue('Retail software');
      await expect(page.getByRole('radio', { name: t('profile', 'options.teamSize.2-5') })).toBeChecked();
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();

      // Step 4: habits, with the browser's time zone and the default hours.
      await expect(stepHeading(page, 'habits')).toBeVisible();
      await expect(page.getByLabel(label('timeZone'))).toHaveValue('America/Bogota');
      await expect(page.getByLabel(label('emailMondayHour'))).toHaveValue('09:00');
      await expect(page.getByLabel(label('emailFridayHour'))).toHaveValue('17:00');
      await expect(page.getByRole('switch', { name: t('profile', 'fields.emailRemindersEnabled.label') })).toBeChecked();
      await expectNoAxeViolations(page, `onboarding step 4 (${language})`);
      const sent = page.waitForRequest((request) => request.url().endsWith('/api/onboarding') && request.method() === 'POST');
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/onboarding') && response.request().method() === 'POST');
      await page.getByRole('button', { name: t('onboarding', 'finish') }).click();
      // The form sanitised before sending; the server had nothing to refuse.
      expect((await sent).postDataJSON()).toMatchObject({ fullName: 'Ana', nickname: 'Cami' });
      expect((await answered).status()).toBe(200);

      // The welcome, with its three ways forward; a reload keeps it.
      const welcome = page.getByRole('heading', { level: 1, name: t('onboarding', 'welcome.titleNamed').replace('{{name}}', 'Cami') });
      await expect(welcome).toBeVisible();
      await expect(page.getByText(t('profile', 'toast.errorTitle'))).toHaveCount(0);
      await page.reload();
      await expect(welcome).toBeVisible();
      await expect(page.getByRole('link', { name: new RegExp(t('onboarding', 'welcome.actions.chat.label')) })).toHaveAttribute('href', '/talk-rumbo');
      await expect(page.getByRole('link', { name: new RegExp(t('onboarding', 'welcome.actions.metrics.label')) })).toHaveAttribute('href', '/metrics');
      await expect(page.getByRole('link', { name: new RegExp(t('onboarding', 'welcome.actions.task.label')) })).toHaveAttribute('href', '/high-performance-tasks?draft=first');
      await expectNoAxeViolations(page, `welcome (${language})`);
      const me = await (await page.request.get('/api/me')).json();
      expect(me).toMatchObject({ onboardingCompleted: true, fullName: 'Ana', nickname: 'Cami', country: 'CO', currency: 'COP', teamSize: '2-5', timeZone: 'America/Bogota', customerInformation: 'Key data: churn is 5%' });

      // A way forward leads to its page; back comes back to the welcome.
      await page.getByRole('link', { name: new RegExp(t('onboarding', 'welcome.actions.metrics.label')) }).click();
      await expect(page).toHaveURL(/\/metrics$/);
      await expect(page.getByRole('heading', { level: 1, name: t('metrics', 'title') })).toBeVisible();
      await page.goBack();
      await expect(welcome).toBeVisible();

      // The Overview greets by nickname and shows what to do while data is missing.
      await page.getByRole('link', { name: t('onboarding', 'welcome.overview') }).click();
      await expect(page).toHaveURL(/\/overview$/);
      await expect(page.getByRole('heading', { level: 1, name: t('overview', 'greeting.named').replace('{{name}}', 'Cami') })).toBeVisible();
      await expect(page.getByText(`Tiendita AI · ${t('profile', 'options.phase.early-growth')}`)).toBeVisible();
      const next = page.getByRole('region', { name: t('overview', 'next.title') });
      for (const action of ['metrics', 'task', 'strategy', 'mentor']) {
        await expect(next.getByRole('link', { name: new RegExp(t('overview', `next.actions.${action}.label`)) })).toBeVisible();
      }
      await expect(page.getByRole('region', { name: t('overview', 'metrics.title') }).getByText(t('overview', 'metrics.empty'))).toBeVisible();
      await expectNoAxeViolations(page, `overview (${language})`);

      // The profile: edit, save, see it kept.
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: t('profile', 'title') })).toBeVisible();
      await expect(page.getByLabel(label('industry'))).toHaveValue('Retail software');
      // The achievements summary: nothing unlocked yet, out of the seven.
      const achievements = page.getByRole('region', { name: t('profile', 'achievements.title') });
      await expect(achievements.getByText(text(language, 'gamification', 'achievementsSummary').replace('{{unlocked}}', '0').replace('{{total}}', '7'))).toBeVisible();
      await expectNoAxeViolations(page, `profile (${language})`);
      await page.getByLabel(label('nickname')).fill('<b>Camila</b>');
      await page.getByLabel(label('lastName')).fill('<b>Ana</b>');
      await page.getByLabel(label('currency')).selectOption('COP');
      const patched = page.waitForRequest((request) => request.url().endsWith('/api/me') && request.method() === 'PATCH');
      await page.getByRole('button', { name: t('profile', 'save') }).click();
      expect((await patched).postDataJSON()).toMatchObject({ nickname: 'Camila', lastName: 'Ana' });
      await expect(page.getByText(t('profile', 'toast.success'))).toBeVisible();
      await expect(page.getByText(t('profile', 'toast.errorTitle'))).toHaveCount(0);
      await page.reload();
      await expect(page.getByLabel(label('nickname'))).toHaveValue('Camila');
      await expect(page.getByLabel(label('lastName'))).toHaveValue('Ana');
      await expect(page.getByLabel(label('currency'))).toHaveValue('COP');
      expect(await (await page.request.get('/api/me')).json()).toMatchObject({ nickname: 'Camila', lastName: 'Ana' });

      // AI consent is granted from here, and GET /api/me shows it.
      const consentSaved = page.waitForResponse((response) => response.url().endsWith('/api/ai/consent'));
      await page.getByRole('switch', { name: t('profile', 'ai.consent.label') }).click();
      expect((await consentSaved).status()).toBe(200);
      await expect.poll(async () => (await (await page.request.get('/api/me')).json()).aiConsent).toBe(true);
      await expect(page.getByRole('switch', { name: t('profile', 'ai.consent.label') })).toBeChecked();

      // 'AI assistance' is switched off here and stays off.
      const assistance = page.getByRole('switch', { name: t('profile', 'ai.assistance.label') });
      await expect(assistance).toBeChecked();
      const assistanceSaved = page.waitForResponse((response) => response.url().endsWith('/api/me') && response.request().method() === 'PATCH');
      await assistance.click();
      expect((await assistanceSaved).status()).toBe(200);
      await expect(page.getByText(t('profile', 'ai.off'))).toBeVisible();
      await page.reload();
      await expect(assistance).not.toBeChecked();
      expect((await (await page.request.get('/api/me')).json()).aiAssistanceEnabled).toBe(false);

      // Field-level limits (docs/product.md#input-limits) before anything is sent: a count near the limit, the message past it.
      const startupName = page.getByLabel(label('startupName'));
      await startupName.fill('x'.repeat(250));
      await expect(startupName).toHaveValue('x'.repeat(250));
      await expect(page.getByText(countOver('250', '200', '50'))).toBeVisible();
      await page.getByLabel(label('customerInformation')).fill('y'.repeat(4500));
      await expect(page.getByText(count('4500', '5000'))).toBeVisible();
      await page.getByRole('button', { name: t('profile', 'save') }).click();
      await expect(page.getByText(t('profile', 'validation:tooLong').replace('{{max}}', '200'))).toBeVisible();
      await expect(startupName).toBeFocused();
      await startupName.fill('Tiendita AI');
      await page.getByLabel(label('customerInformation')).fill('y'.repeat(5001));
      await page.getByRole('button', { name: t('profile', 'save') }).click();
      await expect(page.getByText(t('profile', 'validation:tooLong').replace('{{max}}', '5000'))).toBeVisible();
      await expect(page.getByLabel(label('customerInformation'))).toBeFocused();
      await page.getByLabel(label('customerInformation')).fill('Key data: churn is 5%');

      // A request that was tampered with on the way is refused, and the product's toast says so.
      await page.route('**/api/me', async (route) => {
        if (route.request().method() !== 'PATCH') return route.continue();
        await route.continue({ postData: JSON.stringify({ nickname: '<script>alert(1)</script>Cami' }) });
      });
      await page.getByRole('button', { name: t('profile', 'save') }).click();
      await expect(page.getByText(t('profile', 'toast.errorTitle'))).toBeVisible();
      await expect(page.getByText(t('profile', 'toast.securityError'))).toBeVisible();
      await page.unroute('**/api/me');
      expect((await (await page.request.get('/api/me')).json()).nickname).toBe('Camila');

      // Any other failure on the way (here the server cannot be reached) says so in general terms.
      await page.route('**/api/me', (route) => (route.request().method() === 'PATCH' ? route.abort('connectionfailed') : route.continue()));
      await page.getByRole('button', { name: t('profile', 'save') }).click();
      await expect(page.getByText(t('profile', 'toast.genericError'))).toBeVisible();
      await page.unroute('**/api/me');

      // Switching language applies at once and is saved to the profile.
      const other: Language = language === 'en' ? 'es-LA' : 'en';
      await page.getByRole('region', { name: t('profile', 'sections.language.title') }).getByLabel(t('common', 'language.label')).selectOption(other);
      await expect(page.getByRole('heading', { level: 1, name: text(other, 'profile', 'title') })).toBeVisible();
      await expect.poll(async () => (await (await page.request.get('/api/me')).json()).preferredLanguage).toBe(other);
      // Saved: said in the language just chosen, not in the one before.
      await expect(page.getByText(text(other, 'profile', 'toast.success'))).toBeVisible();

      // Without a choice stored on this device, the profile's language wins after sign-in…
      await page.evaluate(() => localStorage.removeItem('rumbo_language'));
      await context.clearCookies({ name: 'rumbo_language' });
      await page.goto('/overview');
      await expect(page.getByRole('heading', { level: 1, name: text(other, 'overview', 'greeting.named').replace('{{name}}', 'Camila') })).toBeVisible();

      // …and a choice stored on this device beats the profile's.
      await page.evaluate((stored) => localStorage.setItem('rumbo_language', stored), language);
      await page.goto('/overview');
      await expect(page.getByRole('heading', { level: 1, name: t('overview', 'greeting.named').replace('{{name}}', 'Camila') })).toBeVisible();
      expect((await (await page.request.get('/api/me')).json()).preferredLanguage).toBe(other);
    });

    test('a tampered onboarding submission is refused with the profile error, and nothing is stored', async ({ page }) => {
      await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
      await signUpByApi(page, { name: 'Camila' });
      await page.goto('/onboarding');
      await expect(stepHeading(page, 'about')).toBeVisible();
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();
      await page.getByLabel(label('industry')).fill('Retail software');
      await page.getByRole('radio', { name: t('profile', 'options.teamSize.1') }).check();
      await page.getByRole('radio', { name: t('profile', 'options.phase.mvp') }).check();
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();
      await expect(stepHeading(page, 'customers')).toBeVisible();
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();
      await expect(stepHeading(page, 'habits')).toBeVisible();

      // Something between the form and the server slips a script into the answers.
      await page.route('**/api/onboarding', async (route) => {
        const answers = route.request().postDataJSON() as Record<string, unknown>;
        await route.continue({ postData: JSON.stringify({ ...answers, nickname: '<script>alert(1)</script>Cami' }) });
      });
      const refused = page.waitForResponse((response) => response.url().endsWith('/api/onboarding'));
      await page.getByRole('button', { name: t('onboarding', 'finish') }).click();
      expect((await refused).status()).toBe(400);
      await expect(page.getByText(t('profile', 'toast.errorTitle'))).toBeVisible();
      await expect(page.getByText(t('profile', 'toast.securityError'))).toBeVisible();
      await expectNoAxeViolations(page, `onboarding refused (${language})`);

      // Nothing was stored, and the answers are still in the form to send again.
      expect(await (await page.request.get('/api/me')).json()).toMatchObject({ onboardingCompleted: false, nickname: null, industry: null, onboardingData: null });
      await expect(stepHeading(page, 'habits')).toBeVisible();
      await page.unroute('**/api/onboarding');
      await page.getByRole('button', { name: t('onboarding', 'back') }).click();
      await page.getByRole('button', { name: t('onboarding', 'back') }).click();
      await expect(page.getByLabel(label('industry'))).toHaveValue('Retail software');
    });
  });
}

for (const language of ['en', 'es-LA'] as const) {
  const t = (namespace: string, key: string) => text(language, namespace, key);
  const locale = language === 'en' ? 'en-US' : 'es-MX';
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A field's label, with the required mark when it has one.
  const field = (page: Page, name: string) =>
    page.getByLabel(new RegExp(`^${escape(t('profile', `fields.${name}.label`))}( ${escape(t('profile', 'fields.requiredMark'))})?$`));
  const stepHeading = (page: Page, step: string) => page.getByRole('heading', { level: 2, name: t('onboarding', `steps.${step}.title`) });

  test.describe(`the onboarding draft in ${language}`, () => {
    test.use({ locale });

    test('continues on another device, on the same step with the same answers', async ({ page, browser, baseURL }) => {
      const { email } = await signUpInBrowser(page, language, { fullName: 'Camila Torres' });
      await expect(stepHeading(page, 'about')).toBeVisible();
      await field(page, 'nickname').fill('Cami');
      await field(page, 'country').selectOption('CO');
      await field(page, 'currency').selectOption('USD');
      await page.getByRole('button', { name: t('onboarding', 'next') }).click();
      await expect(stepHeading(page, 'startup')).toBeVisible();
      const saved = draftSaved(page, 'early-growth');
      await field(page, 'startupName').fill('Tiendita AI');
      await field(page, 'industry').fill('Retail software');
      await page.getByRole('radio', { name: t('profile', 'options.teamSize.2-5') }).check();
      await page.getByRole('radio', { name: t('profile', 'options.phase.early-growth') }).check();
      expect((await saved).status()).toBe(200);
      // Nothing was announced while saving.
      await expect(page.getByRole('status').filter({ hasText: /\S/ })).toHaveCount(0);

      // Another device: a fresh browser, signed in as the same founder.
      const laptop = await browser.newContext({ locale });
      try {
        const other = await laptop.newPage();
        const signIn = await other.request.post('/api/auth/sign-in/email', { data: { email, password: FOUNDER_PASSWORD }, headers: { origin: baseURL ?? '' } });
        expect(signIn.status(), await signIn.text()).toBe(200);
        await other.goto('/onboarding');
        await expect(stepHeading(other, 'startup')).toBeVisible();
        await expect(other.getByText(t('onboarding', 'progress.status').replace('{{current}}', '2').replace('{{total}}', '4'))).toBeVisible();
        await expect(field(other, 'startupName')).toHaveValue('Tiendita AI');
        await expect(field(other, 'industry')).toHaveValue('Retail software');
        await expect(other.getByRole('radio', { name: t('profile', 'options.teamSize.2-5') })).toBeChecked();
        await expect(other.getByRole('radio', { name: t('profile', 'options.phase.early-growth') })).toBeChecked();
        await other.getByRole('button', { name: t('onboarding', 'back') }).click();
        await expect(stepHeading(other, 'about')).toBeVisible();
        await expect(field(other, 'fullName')).toHaveValue('Camila Torres');
        await expect(field(other, 'nickname')).toHaveValue('Cami');
        await expect(field(other, 'country')).toHaveValue('CO');
        await expect(field(other, 'currency')).toHaveValue('USD');
        await expectNoAxeViolations(other, `onboarding resumed on another device (${language})`);
      } finally {
        await laptop.close();
      }
    });
  });
}

test.describe('the onboarding draft', () => {
  const t = (namespace: string, key: string) => text('en', namespace, key);
  const storedAnywhere = (page: Page, value: string) => page.evaluate((v) => JSON.stringify(localStorage).includes(v) || JSON.stringify(sessionStorage).includes(v), value);

  test('is kept on the server, not in the browser, and an old local copy goes at sign-out', async ({ page }) => {
    await signUpByApi(page, { name: 'Ana' });
    await page.goto('/onboarding');
    // A draft an older version left in this browser.
    await page.evaluate(() => localStorage.setItem('rumbo_onboarding_draft:someone', '{"step":0,"answers":{"nickname":"Old"}}'));
    const saved = draftSaved(page, 'Anita');
    await page.getByLabel(t('profile', 'fields.nickname.label')).fill('Anita');
    await saved;
    expect(await storedAnywhere(page, 'Anita')).toBe(false);
    await page.getByRole('button', { name: t('shell', 'signOut.label') }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText(t('shell', 'signOut.success'))).toBeVisible();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('rumbo_onboarding_draft:')))).toEqual([]);
  });

  test('belongs to one founder: another account on the same browser starts empty (375 px, dark, axe)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUpByApi(page, { name: 'Ana' });
    await page.goto('/onboarding');
    await page.getByLabel(t('profile', 'fields.nickname.label')).fill('Anita');
    const saved = draftSaved(page, 'Anita');
    await page.getByRole('button', { name: t('onboarding', 'next') }).click();
    await saved;
    await expect(page.getByRole('heading', { level: 2, name: t('onboarding', 'steps.startup.title') })).toBeVisible();
    await expectNoAxeViolations(page, 'onboarding step 2, 375 px, dark');

    // Ana's session ends; Bruno signs up on the same browser.
    await page.context().clearCookies();
    await signUpByApi(page, { name: 'Bruno' });
    await page.goto('/onboarding');
    await expect(page.getByRole('heading', { level: 2, name: t('onboarding', 'steps.about.title') })).toBeVisible();
    await expect(page.getByLabel(t('profile', 'fields.nickname.label'))).toHaveValue('');
    await expect(page.getByLabel(t('profile', 'fields.fullName.label'))).toHaveValue('Bruno');
  });
});
