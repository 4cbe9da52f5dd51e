import { expect, type Page, test } from '@playwright/test';
import { weekLabel } from '../src/core/mentor/context-numbers.ts';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations } from './support/founder.ts';
import { text } from './support/locales.ts';
import { signUpConsentingFounder, useServerWithLoopbackModel } from './support/model-server.ts';
import { waitForApp } from './support/ready.ts';

/**
 * Every number of the mentor's answer says where it comes from (docs/mentor.md "Every
 * number traceable"): a loopback model answers with the founder's runway and with a churn
 * rate she never recorded; the first shows its source on hover, the second is marked.
 */
const running = useServerWithLoopbackModel({ AI_MAX_RETRIES: '0' });

type Language = 'en' | 'es-LA';

/** Runway 22 weeks (88,000 at a burn of 4,000), churn 5%: the answer invents 12.5%. */
const ANSWER: Record<Language, string> = {
  en: 'Your runway is **22 weeks**, and a churn of 12.5% is what hurts most.',
  'es-LA': 'Tu pista es de **22 semanas**, y un churn de 12,5 % es lo que más duele.',
};
const INVENTED: Record<Language, string> = { en: '12.5%', 'es-LA': '12,5 %' };

async function founderWithShortRunway(page: Page, language: Language) {
  const { server } = running;
  await signUpConsentingFounder(page, server.url);
  const week = isoWeekOf(new Date());
  expect((await page.request.put(`${server.url}/api/metrics/weeks/${week.year}/${week.week}`, { data: { ...workedWeek, cashBalance: 88_000 } })).status()).toBe(200);
  await page.addInitScript((lang) => {
    localStorage.setItem('rumbo_language', lang);
    sessionStorage.setItem('rumbo_chat_welcomed', '1');
  }, language);
  return week;
}

for (const language of ['en', 'es-LA'] as const) {
  const mentor = (key: string) => text(language, 'mentor', key);

  for (const viewport of [{ name: 'desktop', width: 1280, height: 800 }, { name: 'phone', width: 390, height: 844 }]) {
    test(`(${language}, ${viewport.name}) a number shows its source, an invented one is marked as not from the founder's data`, async ({ page }) => {
      await page.setViewportSize(viewport);
      const week = await founderWithShortRunway(page, language);
      running.model.reset([{ kind: 'answer', text: ANSWER[language] }]);
      await page.goto(`${running.server.url}/talk-rumbo`);
      await waitForApp(page);
      const composer = page.getByLabel(mentor('composer.label'));
      const question = language === 'en' ? 'What should worry me?' : '¿Qué debería preocuparme?';
      await composer.fill(question);
      await composer.press('Enter');

      const log = page.getByRole('log', { name: mentor('log') });
      const runway = log.getByRole('button', { name: '22', exact: true });
      // The source, in the dashboard's words: the metric, the week it was recorded for, its value.
      const source = mentor('numbers.source.metric')
        .replace('{{metric}}', text(language, 'metrics', 'metrics.runwayWeeks'))
        .replace('{{week}}', weekLabel(week))
        .replace('{{value}}', mentor('numbers.weeks_other').replace('{{value}}', '22'));
      await expect(runway).toHaveAccessibleDescription(source);
      if (viewport.name === 'phone') await runway.click();
      else await runway.hover();
      await expect(page.getByText(source, { exact: true }).filter({ visible: true })).toBeVisible();
      await page.screenshot({ path: `test-results/mentor-numbers-${language}-${viewport.name}-source.png` });

      const invented = log.getByRole('button', { name: INVENTED[language], exact: true });
      await expect(invented).toHaveAttribute('data-number-status', 'not-found');
      await expect(invented).toHaveAccessibleDescription(mentor('numbers.notFound'));
      await expect(log.getByText(mentor('numbers.notice'))).toBeVisible();
      if (viewport.name === 'phone') {
        await invented.click();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      } else await invented.hover();
      await expect(page.getByText(mentor('numbers.notFound'), { exact: true }).filter({ visible: true })).toBeVisible();
      await page.screenshot({ path: `test-results/mentor-numbers-${language}-${viewport.name}-not-found.png` });
      await expectNoAxeViolations(page);

      // The check is kept with the answer: a reload shows the same marks.
      await page.reload();
      await waitForApp(page);
      await page.getByRole('navigation', { name: mentor('conversations.title') }).getByRole('button', { name: question, exact: true }).click();
      await expect(log.getByRole('button', { name: '22', exact: true })).toHaveAccessibleDescription(source);
      await expect(log.getByText(mentor('numbers.notice'))).toBeVisible();
    });
  }
}

for (const language of ['en', 'es-LA'] as const) {
  const mentor = (key: string) => text(language, 'mentor', key);

  test(`(${language}) shows what the model looked at, and opens its task draft in the Tasks form`, async ({ page }) => {
    await founderWithShortRunway(page, language);
    const draft = {
      hypothesis: language === 'en' ? 'If we call every customer who cancelled, we will find one fixable reason.' : 'Si llamamos a cada cliente que canceló, encontraremos una causa corregible.',
      whyRelevant: language === 'en' ? 'Churn is far above its target.' : 'El churn está muy por encima de su meta.',
      metric: 'churnRate',
      targetValue: 0.02,
      impact: 8,
      confidence: 7,
      ease: 8,
    };
    running.model.reset([
      { kind: 'tools', calls: [{ name: 'metric_history', args: { metric: 'churnRate', weeks: 12 } }, { name: 'project_runway', args: { weeklyCostsChange: 3000 } }, { name: 'draft_task', args: draft }] },
      { kind: 'answer', text: language === 'en' ? 'Fix churn before you hire.' : 'Arregla el churn antes de contratar.' },
    ]);
    await page.goto(`${running.server.url}/talk-rumbo`);
    await waitForApp(page);
    const composer = page.getByLabel(mentor('composer.label'));
    await composer.fill(language === 'en' ? 'Should I hire two engineers?' : '¿Contrato a dos ingenieros?');
    await composer.press('Enter');

    const log = page.getByRole('log', { name: mentor('log') });
    const lookedAt = log.getByRole('list', { name: mentor('tools.title') });
    await expect(lookedAt.getByRole('listitem')).toHaveText([
      mentor('tools.metricHistory_other').replace('{{metric}}', text(language, 'metrics', 'metrics.churnRate')).replace('{{count}}', '12'),
      mentor('tools.projectRunway').replace('{{costs}}', language === 'en' ? '+3,000' : '+3.000').replace('{{revenue}}', '+0'),
    ]);
    await expect(log.getByText(draft.hypothesis)).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `test-results/mentor-tools-${language}.png` });

    await log.getByRole('link', { name: mentor('tools.draft.open') }).click();
    await expect(page.getByLabel(text(language, 'tasks', 'form.hypothesis.label'))).toHaveValue(draft.hypothesis);
    await expect(page.getByLabel(text(language, 'tasks', 'form.metric.label'))).toHaveValue('churnRate');
    // The share in the founder's marks (decision 252): 0,02 for a Spanish founder without a country.
    await expect(page.getByLabel(text(language, 'tasks', 'form.targetValue.label'))).toHaveValue(language === 'en' ? '0.02' : '0,02');
  });
}
