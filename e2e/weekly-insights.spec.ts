import { expect, type Page, test } from '@playwright/test';
import { isoWeekOf, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signUpFounder, uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';

/*
 * What stands out this week on the Overview (docs/decisions/212-weekly-insights.md): after a
 * churn spike is recorded, the insight says it with the founder's numbers, and its chat
 * starter opens the mentor with the question waiting in the composer.
 */
type Language = 'en' | 'es-LA';
const weeksAgo = (offset: number) => weekFromIndex(weekIndex(isoWeekOf(new Date())) - offset);
const fill = (template: string, values: Record<string, string>) => Object.entries(values).reduce((result, [key, value]) => result.replaceAll(`{{${key}}}`, value), template);

async function founderWithChurnSpike(page: Page, language: Language) {
  await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
  await signUpFounder(page, { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' }, { name: 'Lucía', email: uniqueEmail('insights') });
  // Last week nobody left; this week 5 of 100 did: churn over the two weeks is 5 ÷ 200 = 2.5 %, off its 0.7 % target.
  for (const [offset, lostCustomers] of [
    [1, 0],
    [0, 5],
  ] as const) {
    const key = weeksAgo(offset);
    const response = await page.request.put(`/api/metrics/weeks/${key.year}/${key.week}`, { data: { ...workedWeek, lostCustomers } });
    expect(response.status(), await response.text()).toBe(200);
  }
}

const cases = [
  { language: 'en' as const, width: 1280, theme: 'light' as const, numbers: { from: '0%', to: '2.5%', threshold: '0.7%' } },
  { language: 'es-LA' as const, width: 390, theme: 'dark' as const, numbers: { from: '0 %', to: '2,5 %', threshold: '0,7 %' } },
];

for (const { language, width, theme, numbers } of cases) {
  test(`${language}, ${width} px, ${theme}: a churn spike is an insight on the Overview, and "Ask the mentor" opens the mentor with its question`, async ({ page }) => {
    const t = (key: string) => text(language, 'overview', key);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme: theme });
    await founderWithChurnSpike(page, language);
    await page.goto('/overview');

    const region = page.getByRole('region', { name: t('insights.title') });
    const churn = region.locator('[data-insight=offTarget]');
    const sentence = fill(t('insights.offTarget'), { metric: text(language, 'metrics', 'metrics.churnRate'), ...numbers });
    await expect(churn).toContainText(sentence.replace(/\u00a0/g, ' '), { useInnerText: true });
    await expectNoAxeViolations(page, `overview insights, ${language}, ${width} px, ${theme}`);

    await churn.getByRole('link', { name: t('insights.ask') }).click();
    await expect(page).toHaveURL(/\/talk-rumbo$/);
    const composer = page.getByLabel(text(language, 'mentor', 'composer.label'));
    await expect(composer).toBeFocused();
    const question = await composer.inputValue();
    expect(question.replace(/\u00a0/g, ' ')).toBe(fill(t('insights.question'), { insight: sentence }).replace(/\u00a0/g, ' '));
  });
}
