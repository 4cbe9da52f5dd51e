import type { EmailContent } from './email-content.ts';

/** The plain-text and HTML parts of one message, laid out the same way for every kind. */
export async function emailBodies(content: EmailContent): Promise<{ text: string; html: string }> {
  const { greeting, paragraphs, action, notes } = content;
  const text = [greeting, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `${action.label}: ${action.link}`, '', ...notes, '', '— Rumbo'].join('\n');
  // React Email (a second of loading on a busy machine) loads with the first e-mail, not at start (decision 304).
  const { renderEmailHtml } = await import('./layout-html.ts');
  return { text, html: await renderEmailHtml(content) };
}
