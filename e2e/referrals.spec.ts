import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { onboardByApi, signUpByApi, signUpInBrowser } from './support/founder.ts';
import { linkFromOutbox } from './support/outbox.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '';

/** Referrals (docs/referrals.md): A creates and copies a link, B signs up with it and onboards, both get a month of Premium. */
for (const [language, viewport] of [
  ['en', { width: 1280, height: 800 }],
  ['es-LA', { width: 390, height: 844 }],
] as const) {
  test(`${language}: a founder invites another and both get a month of Premium`, async ({ browser, baseURL }) => {
    const r = (key: string) => text(language, 'referrals', key);
    const contextA = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'], baseURL });
    await contextA.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    const a = await contextA.newPage();
    await signUpByApi(a, { name: 'Ana Founder' });
    await onboardByApi(a);
    const before = (await (await a.request.get('/api/me/gamification')).json()).points as number;

    await a.goto('/referral');
    await waitForApp(a);
    await a.getByRole('button', { name: r('create') }).click();
    await expect(a.getByText(r('created'))).toBeVisible();
    await expect(a.getByText(r('status.available'), { exact: true })).toBeVisible();
    await a.getByRole('button', { name: r('copy') }).click();
    await expect(a.getByText(r('copied'))).toBeVisible();
    const link = await a.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/auth\?ref=[A-Z2-9]{8}$/);
    await expect(a.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
    expect((await (await a.request.get('/api/me/gamification')).json()).points).toBe(before + 5);
    await expectNoAxeViolations(a);

    const contextB = await browser.newContext({ viewport, baseURL });
    await contextB.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    const b = await contextB.newPage();
    // A made-up code: the page says nothing at all.
    const answered = b.waitForResponse((response) => response.url().includes('/api/referrals/invites/'));
    await b.goto('/auth?ref=ZZZZZZZZ');
    expect((await answered).status()).toBe(404);
    await expect(b.getByTestId('invited-by')).toHaveCount(0);
    await b.goto(new URL(link).pathname + new URL(link).search);
    await waitForApp(b);
    await expect(b.getByTestId('invited-by')).toHaveText(text(language, 'auth', 'invitedBy').replace('{{name}}', 'Ana'));
    await expectNoAxeViolations(b);
    // The form keeps the code: signUpInBrowser opens /auth again, and the cookie carries it.
    const { email } = await signUpInBrowser(b, language, { fullName: 'Bruno Invitado' });
    await onboardByApi(b);
    // A referral is rewarded once the invitee's address is confirmed too (decision 243).
    expect((await b.request.get(await linkFromOutbox(E2E_DATA_DIR, email, 'confirm-email'))).ok()).toBe(true);

    for (const page of [a, b]) expect((await (await page.request.get('/api/me')).json()).userTier).toBe(2);
    await a.reload();
    await waitForApp(a);
    await expect(a.getByText(r('status.rewarded'), { exact: true })).toBeVisible();
    await contextA.close();
    await contextB.close();
  });
}
