import type { Page } from '@playwright/test';
import { signUpFounder, uniqueEmail } from './founder.ts';
import { waitForApp } from './ready.ts';

/** A text as a pattern matches it literally. */
export const escaped = (value: string) => value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A translation with its {{placeholders}} filled, as the page shows it. */
export const fill = (template: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((result, [key, value]) => result.replace(`{{${key}}}`, String(value)), template);

/** A new founder in the trial (chat open) on /community in `language`. */
export async function openCommunity(page: Page, language: 'en' | 'es-LA', emailPrefix: string) {
  await page.addInitScript((lang) => localStorage.setItem('rumbo_language', lang), language);
  await signUpFounder(page, {}, { email: uniqueEmail(emailPrefix) });
  await page.goto('/community');
  await waitForApp(page);
}
