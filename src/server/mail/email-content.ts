import type { Language } from '../../core/i18n/language.ts';

/** What every Rumbo e-mail says, in this order: a greeting, its paragraphs, one action with its link, small print. */
export type EmailContent = {
  language: Language;
  greeting: string;
  paragraphs: readonly string[];
  action: { label: string; link: string };
  notes: readonly string[];
};

/**
 * Every e-mail's one column (decision 260): at most 560 px, shrinking to a 390 px phone, its
 * padding inside that width, long words and links wrapping instead of widening the page.
 */
export const PHONE_SHELL = { maxWidth: '560px', width: '100%', padding: '16px', boxSizing: 'border-box' as const, overflowWrap: 'anywhere' as const };
