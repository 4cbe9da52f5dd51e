import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, onboardByApi, signUpByApi, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { escaped, fill } from './support/community.ts';
import { EMAIL_MAX_LENGTH } from '../src/core/auth/credentials.ts';

/**
 * An admin runs the admin area in each language (decisions 200 and 202): finds a
 * founder by filters, opens their page, makes them an admin, finds that change in the audit
 * log, and moves the founder's feedback to done, which the founder then sees. RUMBO_ADMIN_EMAILS in playwright.config.ts makes e2e-admin-area@example.com one.
 */
for (const [language, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  test(`an admin finds a founder, changes their role and sees it audited (${language})`, async ({ page, request }) => {
    const admin = (key: string) => text(language, 'admin', key);
    await page.setViewportSize(viewport);
    // The founder signs up in a browser of their own and does not finish onboarding.
    const founderEmail = uniqueEmail('admin-area');
    const founderName = `Tomás ${language}`;
    // Unique per run: repeated runs against one server leave earlier ideas in the inbox.
    const idea = `Idea from ${founderName} (${founderEmail})`;
    const signUp = await request.post('/api/auth/sign-up/email', { data: { email: founderEmail, password: 'a long enough password', name: founderName, termsAccepted: true } });
    expect(signUp.status()).toBe(200);
    const sent = await request.post('/api/feedback', { data: { type: 'idea', content: idea, page: '/overview', appVersion: '0.1.0' } });
    expect(sent.status()).toBe(201);

    await page.addInitScript((chosen) => localStorage.setItem('rumbo_language', chosen), language);
    await signUpByApi(page, { name: 'Ada', email: 'e2e-admin-area@example.com' });
    // Both runs share the admin: onboarded by the first.
    if (!(await (await page.request.get('/api/me')).json()).onboardingCompleted) await onboardByApi(page);
    expect((await page.request.patch('/api/me', { data: { preferredLanguage: language } })).ok()).toBe(true);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: admin('title') })).toBeVisible();

    // A search longer than any address is refused under the field, in the admin's language.
    const search = page.getByLabel(admin('usersSection.search'), { exact: true });
    await search.fill('x'.repeat(300));
    await page.getByRole('button', { name: admin('usersSection.searchButton') }).click();
    await expect(search).toHaveAttribute('aria-invalid', 'true');
    await expect(search).toHaveAccessibleDescription(new RegExp(`${escaped(fill(text(language, 'validation', 'tooLong'), { max: EMAIL_MAX_LENGTH }))}$`));
    await search.fill(founderEmail);
    await page.getByLabel(admin('usersSection.filters.onboarded.label'), { exact: true }).selectOption('false');
    await page.getByRole('button', { name: admin('usersSection.searchButton') }).click();
    await expect(page.getByText(admin('usersSection.count_one').replace('{{count}}', '1'))).toBeVisible();
    await expectNoAxeViolations(page, `/admin (${language})`);

    await page.getByRole('link', { name: founderEmail }).click();
    await expect(page.getByRole('heading', { level: 2, name: founderName })).toBeVisible();
    await expect(page.getByText(admin('userPage.counts.metricWeeks'))).toBeVisible();
    await page.getByRole('button', { name: admin('userPage.makeRole.admin') }).click();
    await expect(page.getByText(admin('userPage.roleChanged'))).toBeVisible();
    await expect(page.getByRole('button', { name: admin('userPage.makeRole.user') })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'security_role_change' })).toBeVisible();
    await expectNoAxeViolations(page, `/admin/users (${language})`);

    await page.getByRole('link', { name: admin('sections.audit') }).click();
    await page.getByLabel(admin('audit.filters.event'), { exact: true }).fill('role_change');
    await page.getByRole('button', { name: admin('audit.apply') }).click();
    await expect(page.getByRole('rowheader', { name: 'security_role_change' }).first()).toBeVisible();
    await expectNoAxeViolations(page, `/admin/audit (${language})`);

    // Analytics over the last 30 days count today's sign-ups.
    await page.getByRole('link', { name: admin('sections.analytics') }).click();
    await expect(page.getByRole('heading', { level: 3, name: admin('analytics.signUps') })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: admin('analytics.retention') })).toBeVisible();
    await expectNoAxeViolations(page, `/admin/analytics (${language})`);

    // The feedback inbox: the founder's idea moves to done, and the founder sees it so.
    await page.getByRole('link', { name: admin('sections.feedback') }).click();
    const card = page.getByRole('listitem').filter({ hasText: idea });
    await card.getByLabel(admin('feedbackInbox.statusLabel'), { exact: true }).selectOption('done');
    await expect(page.getByText(admin('feedbackInbox.moved'))).toBeVisible();
    await expectNoAxeViolations(page, `/admin/feedback (${language})`);
    const own = (await (await request.get('/api/feedback')).json()) as { feedback: { status: string }[] };
    expect(own.feedback.map((item) => item.status)).toEqual(['done']);
  });
}

test('a founder gets no admin page and no admin data', async ({ page }) => {
  await signUpByApi(page, { email: uniqueEmail('not-admin') });
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  expect((await page.request.get('/api/admin/audit-logs/export')).status()).toBe(403);
  await page.goto('/admin/audit');
  // Turned away (to onboarding first, as this founder has not done it).
  await expect(page).not.toHaveURL(/\/admin/);
  await expect(page.getByRole('heading', { level: 1, name: text('en', 'admin', 'title') })).toHaveCount(0);
});
