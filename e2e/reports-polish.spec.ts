import { expect, type Page, test } from '@playwright/test';
import { weekFromIndex, weekIndex, isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import type { LoopbackRequest } from '../tests/integration/support/loopback-model.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { signUpConsentingFounder, useServerWithLoopbackModel } from './support/model-server.ts';
import { waitForApp } from './support/ready.ts';

/**
 * Polishing the investor update's wording (decision 215) with an OpenAI-compatible model on
 * loopback that answers with one invented number: the founder sees it highlighted, cannot
 * accept until it is edited out, and the edited proposal becomes the next version.
 */
const running = useServerWithLoopbackModel();

type Language = 'en' | 'es-LA';

/** The polished summary: the records' cash, as the language writes it, and 37 shops the records never saw. */
const POLISHED: Record<Language, { invented: string; fixed: string }> = {
  en: { invented: 'A steady month: cash closed at $172,000. We also signed 37 new corner shops.', fixed: 'A steady month: cash closed at $172,000. We also signed new corner shops.' },
  'es-LA': { invented: 'Un mes estable: la caja cerró en US$172.000. Además sumamos 37 tiendas nuevas.', fixed: 'Un mes estable: la caja cerró en US$172.000. Además sumamos tiendas nuevas.' },
};

/** What the model answers: the draft it was sent, its summary polished. */
const polishSummary = (summary: string) => (request: LoopbackRequest) => {
  const draft = JSON.parse(/<draft>\n([\s\S]*)\n<\/draft>/.exec(request.messages.at(-1)!.content)![1]!) as Record<string, string>;
  return JSON.stringify({ ...draft, summary });
};

/** 8 weeks ending this one, cash falling 4,000 a week to 172,000. */
async function recordWeeks(page: Page, serverUrl: string) {
  const now = weekIndex(isoWeekOf(new Date()));
  for (let i = 0; i < 8; i++) {
    const { year, week } = weekFromIndex(now - 7 + i);
    const data = { ...workedWeek, cashBalance: 200_000 - i * 4000 };
    expect((await page.request.put(`${serverUrl}/api/metrics/weeks/${year}/${week}`, { data })).status()).toBe(200);
  }
}

async function draftLastFourWeeks(page: Page, t: (key: string) => string) {
  await page.getByLabel(t('updates.period')).selectOption('weeks');
  await page.getByLabel(t('updates.weeks'), { exact: true }).fill('4');
  await page.getByRole('button', { name: t('updates.draft') }).click();
  await expect(page.getByTestId('version')).toBeVisible();
}

for (const [language, phone] of [['en', false], ['es-LA', true]] as const) {
  const t = (key: string, values: Record<string, string | number> = {}) =>
    Object.entries(values).reduce((s, [name, value]) => s.replace(`{{${name}}}`, String(value)), text(language, 'reports', key));

  test(`polishing the update (${language}${phone ? ', 390 px' : ''}): consent, the invented number highlighted, accepted only once edited out`, async ({ page }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    const url = running.server.url;
    await signUpConsentingFounder(page, url, { consent: false });
    expect((await page.request.patch(`${url}/api/me`, { data: { preferredLanguage: language } })).status()).toBe(200);
    await recordWeeks(page, url);
    running.model.reset([{ kind: 'reply', reply: polishSummary(POLISHED[language].invented) }]);

    await page.goto(`${url}/reports`);
    await waitForApp(page);
    await draftLastFourWeeks(page, t);
    await page.getByRole('button', { name: t('updates.polish.action') }).click();
    const consent = page.getByRole('dialog', { name: text(language, 'mentor', 'consent.title') });
    await consent.getByRole('button', { name: text(language, 'mentor', 'consent.accept') }).click();

    const proposal = page.getByRole('region', { name: t('updates.polish.title') });
    const summary = proposal.getByLabel(t('updates.polish.edit', { section: t('updates.sections.summary') }));
    await expect(summary).toHaveValue(POLISHED[language].invented);
    // The preview marks the invented number, and says why to a screen reader too.
    await expect(proposal.getByTestId('polished-summary').locator('mark')).toHaveText(`37 (${t('updates.polish.notFoundShort')})`);
    await expect(proposal.getByTestId('polish-check')).toHaveText(t('updates.polish.flagged_one', { count: 1 }));
    await expect(proposal.getByText(t('updates.polish.notFound', { number: '37' }))).toBeVisible();
    const accept = proposal.getByRole('button', { name: t('updates.polish.accept') });
    await expect(accept).toBeDisabled();
    // The model was asked in the founder's language; nothing was saved by asking.
    expect(running.model.requests).toHaveLength(1);
    await expect(page.getByTestId('version')).toHaveText(t('updates.version', { version: 1 }));
    await expectNoAxeViolations(page);

    await summary.fill(POLISHED[language].fixed);
    await expect(proposal.locator('mark')).toHaveCount(0);
    await expect(proposal.getByTestId('polish-check')).toHaveText(t('updates.polish.allFound'));
    await accept.click();
    await expect(page.getByTestId('version')).toHaveText(t('updates.version', { version: 2 }));
    await expect(page.getByLabel(t('updates.sections.summary'), { exact: true })).toHaveValue(POLISHED[language].fixed);
    await expect(page.getByRole('region', { name: t('updates.polish.title') })).toHaveCount(0);
  });
}

test('with the offline mentor, the update says polishing needs a model and offers no button', async ({ page }) => {
  await signUpFounder(page);
  await page.goto('/reports');
  await waitForApp(page);
  const t = (key: string) => text('en', 'reports', key);
  await draftLastFourWeeks(page, t);
  await expect(page.getByText(t('updates.polish.needsModel'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('updates.polish.action') })).toHaveCount(0);
});
