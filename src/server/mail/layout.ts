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

/** The plain-text and HTML parts of one message, laid out the same way for every kind. */
export async function emailBodies(content: EmailContent): Promise<{ text: string; html: string }> {
  const { greeting, paragraphs, action, notes } = content;
  const text = [greeting, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `${action.label}: ${action.link}`, '', ...notes, '', '— Rumbo'].join('\n');
  // React Email (a second of loading on a busy machine) loads with the first e-mail, not at start (decision 304).
  const { renderEmailHtml } = await import('./layout-html.ts');
  return { text, html: await renderEmailHtml(content) };
}
