import { expect, test } from '@playwright/test';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { expectNoAxeViolations, signUpFounder } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/** The worked week with 88,000 in cash: 22 weeks of runway, off its 40-week target. */
const shortRunwayWeek = { ...workedWeek, cashBalance: 88_000 };

for (const language of ['en', 'es-LA'] as const) {
  const strategy = (key: string) => text(language, 'strategy', key);

  test(`the offline mentor suggests each step of the strategy, the founder edits and saves it (${language})`, async ({ page }) => {
    await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
    await signUpFounder(page);
    const week = isoWeekOf(new Date());
    expect((await page.request.put(`/api/metrics/weeks/${week.year}/${week.week}`, { data: shortRunwayWeek })).status()).toBe(200);

    await page.goto('/strategy-builder');
    await waitForApp(page);
    const suggest = page.getByRole('button', { name: strategy('suggest.button') });
    const next = page.getByRole('button', { name: strategy('next'), exact: true });
    const ready = page.getByRole('status').filter({ hasText: strategy('suggest.readyOffline') });
    await suggest.click();

    // No consent yet: the AI gate asks, saves it and runs the suggestion it interrupted.
    const consent = page.getByRole('dialog', { name: text(language, 'mentor', 'consent.title') });
    await consent.getByRole('button', { name: text(language, 'mentor', 'consent.accept') }).click();
    await expect(ready).toBeAttached();
    // The core problem starts from the founder's own short runway.
    const coreProblem = page.getByLabel(strategy('steps.coreProblem.label'));
    await expect(coreProblem).toHaveValue(language === 'en' ? /^Runway is 22 weeks/ : /^Runway está en 22 semanas/);
    await expectNoAxeViolations(page);
    await next.click();

    const maxima = (n: number) => page.getByLabel(strategy('steps.maximas.label').replace('{{number}}', String(n)), { exact: true });
    await suggest.click();
    await expect(maxima(3)).not.toHaveValue('');
    await maxima(3).fill(language === 'en' ? 'Only sell where we already win' : 'Vender solo donde ya ganamos');
    await next.click();

    await suggest.click();
    const statement = page.getByLabel(strategy('steps.statement.label'));
    // The statement ties together the maximas as the founder left them.
    await expect(statement).toHaveValue(new RegExp(language === 'en' ? 'Only sell where we already win' : 'Vender solo donde ya ganamos'));
    await page.getByRole('button', { name: strategy('save.submit') }).click();
    await expect(page.getByText(strategy('save.success').replace('{{version}}', '1'))).toBeVisible();
    const saved = await (await page.request.get('/api/strategy')).json();
    expect(saved.maximas).toHaveLength(3);
    expect(saved.coreProblem).toMatch(language === 'en' ? /^Runway is 22 weeks/ : /^Runway está en 22 semanas/);
    expect(saved.maximas[2]).toBe(language === 'en' ? 'Only sell where we already win' : 'Vender solo donde ya ganamos');
  });
}
