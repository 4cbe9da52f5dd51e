import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails with every WCAG 2.1 AA violation axe finds on the page as it is now. It first
 * lets running transitions end: a toast fading in is half transparent, and axe would
 * judge the contrast of its blend with the page rather than of the toast a reader sees.
 */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // A spinner runs forever; only what will end is waited for.
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
      .every((animation) => animation.playState !== 'running'),
  );
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const violations = results.violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(violations).toEqual([]);
}
