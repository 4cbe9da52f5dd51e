import { expect, type Page, test } from '@playwright/test';
import type { Language } from '../src/core/i18n/language.ts';
import { authEmail } from '../src/server/mail/auth-emails.ts';
import { subscriptionEmail } from '../src/server/features/subscription/emails.ts';
import { referralRewardEmail } from '../src/server/features/referrals/emails.ts';
import { investorUpdateEmail } from '../src/server/features/reports/update-email.ts';
import { sharedPageHtml } from '../src/server/features/reports/shared-page.ts';
import { fridayEmail, mondayEmail, renderEmail } from '../src/server/features/weekly-email/templates.ts';
import { KEY_METRICS, type MondayContent } from '../src/server/features/weekly-email/weekly-content.ts';

/**
 * Every e-mail fits a 390 px phone (decision 260): each template, rendered as it is sent and
 * filled with long real-world content (a big currency, long metric names, a long task and
 * link), is opened in Chromium at 390 px and must not scroll sideways, in both languages.
 */
const PHONE = { width: 390, height: 844 };
const links = { action: 'https://rumbo.example/metrics', settings: 'https://rumbo.example/profile', unsubscribe: 'https://rumbo.example/api/reminders/unsubscribe?token=abcdefghijklmnopqrstuvwxyz0123456789', mentor: 'https://rumbo.example/talk-rumbo' };
const recipient = (language: Language) => ({ name: 'Sofía Hernández-Bustamante', language, ...(language === 'en' ? { country: 'US', currency: 'USD' } : { country: 'CL', currency: 'CLP' }) });
const VALUES: Record<(typeof KEY_METRICS)[number], number> = {
  mrr: 123_456_789, activeUsers: 1_234_567, cashBalance: 987_654_321, runwayWeeks: 18.6, churnRate: 0.0282,
  ndr: 1.64, ltvToCac: 3.4, paybackWeeks: 61.2, userGrowth: 0.0526, revenueGrowth: 0.1402,
};
const monday: MondayContent = {
  lastWeek: { year: 2026, week: 48 },
  latest: { year: 2026, week: 48 },
  previous: { year: 2026, week: 47 },
  rows: KEY_METRICS.map((key) => ({ key, value: VALUES[key], before: VALUES[key] * 0.9, status: key === 'churnRate' ? 'off' : key === 'runwayWeeks' ? 'near' : null, notBurning: false })),
  changes: [{ kind: 'rose', key: 'mrr', from: 111_111_111, to: 123_456_789 }, { kind: 'status', key: 'churnRate', from: 'near', to: 'off' }],
  insights: [
    { kind: 'runwayBelowTarget', metric: 'runwayWeeks', from: 41.2, to: 18.6, threshold: 40 },
    { kind: 'churnRising', metric: 'churnRate', values: [0.011, 0.017, 0.021, 0.0282] },
    { kind: 'weekNotRecorded', week: { year: 2026, week: 48 }, latest: { year: 2026, week: 46 } },
  ],
};
const longTask = 'Llamar a los 40 clientes que cancelaron en octubre para entender por qué se fueron y qué los haría volver';

async function emails(language: Language): Promise<[string, string][]> {
  const to = 'sofia@example.com';
  const account = { to, name: 'Sofía', link: 'https://rumbo.example/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.averyveryverylongtokenwithoutanybreakpointsatall', language };
  const markdown = `# Ñandú Labs — Investor update, November 2026\n\n## Key metrics\n\n- MRR: CLP 123,456,789; previous period: CLP 111,111,111 (on target)\n- Net dollar retention: 164% (too little history to judge: 5 more recorded weeks needed)\n`;
  return [
    ['monday', (await renderEmail(mondayEmail(recipient(language), monday, links).element)).html],
    ['monday, nothing recorded', (await renderEmail(mondayEmail(recipient(language), { ...monday, latest: null, previous: null, rows: [], changes: [], insights: [] }, links).element)).html],
    ['friday', (await renderEmail(fridayEmail(recipient(language), { tasks: [{ hypothesis: longTask, iceTotal: 5.6, dueDate: '2026-12-04' }, { hypothesis: 'Short one', iceTotal: 2.4, dueDate: null }] }, links).element)).html],
    ['confirm e-mail', (await authEmail('confirm-email', account)).html!],
    ['reset password', (await authEmail('reset-password', account)).html!],
    ['trial ending', (await subscriptionEmail('trial-ending', { to, name: 'Sofía', language, timeZone: 'America/Santiago', date: new Date('2026-12-10T00:00:00Z'), appUrl: 'https://rumbo.example' })).html!],
    ['referral reward', (await referralRewardEmail('inviter', { to, name: 'Sofía', language, appUrl: 'https://rumbo.example' })).html!],
    ['investor update', investorUpdateEmail({ to, markdown, link: account.link, language, masthead: { title: 'Ñandú Labs — Investor update, November 2026', startupName: 'Ñandú Labs' } }).html!],
    ['shared update page', sharedPageHtml(markdown, language, { title: 'Ñandú Labs — Investor update', startupName: 'Ñandú Labs' })],
  ];
}

async function widthOf(page: Page, html: string): Promise<number> {
  await page.setContent(html);
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const language of ['en', 'es-LA'] as const) {
  test(`every e-mail fits a 390 px phone without scrolling sideways (${language})`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    // Nothing in an e-mail may load from elsewhere: the page is set from the rendered HTML alone.
    await page.route('**/*', (route) => route.abort());
    const widths: Record<string, number> = {};
    for (const [name, html] of await emails(language)) widths[name] = await widthOf(page, html);
    for (const [name, width] of Object.entries(widths)) expect.soft(width, name).toBeLessThanOrEqual(PHONE.width);
    await page.setContent((await emails(language))[0]![1]);
    await page.screenshot({ path: `test-results/monday-email-${language}-390.png`, fullPage: true });
  });
}

test('the Monday e-mail names the week by its Monday and gives runway its unit, in both languages', async () => {
  const english = await renderEmail(mondayEmail(recipient('en'), monday, links).element);
  const spanish = await renderEmail(mondayEmail(recipient('es-LA'), monday, links).element);
  expect(mondayEmail(recipient('en'), monday, links).subject).toBe("Your numbers for the week of 23 Nov 2026 and this week's record");
  expect(mondayEmail(recipient('es-LA'), monday, links).subject).toBe('Tus números de la semana del 23 nov 2026 y el registro de esta semana');
  expect(english.text).toContain('Here is the week of 23 Nov 2026 against your targets.');
  expect(english.text).toContain('18.6 weeks');
  expect(spanish.text).toMatch(/18,6 semanas/);
  for (const { text, html } of [english, spanish]) expect(`${text}${html}`).not.toMatch(/\d{4}-W\d{2}/);
});
