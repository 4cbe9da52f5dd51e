import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Fails with every WCAG 2.1 AA violation axe finds on the page as it is now, once the
 * page has settled: axe must judge what a reader sees, not a toast or dialog caught
 * half-way through its fade (a blend of it with the page). The e2e browser asks for
 * reduced motion, so the app shows those without fading; this wait is the second guard,
 * for an animation that ignores that wish (docs/decisions/120-e2e-without-flakes.md).
 */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  await page.waitForFunction(() => {
    const finite = document
      .getAnimations()
      // A spinner runs forever; only what will end is waited for.
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    if (finite.some((animation) => animation.playState === 'running')) return false;
    // A toast is either fully shown or gone: never in between.
    return [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].every((toast) => {
      const opacity = Number(getComputedStyle(toast).opacity);
      return opacity === 1 || opacity === 0;
    });
  });
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const violations = results.violations.map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(violations).toEqual([]);
}
