import { HTML_LANG, type Language } from '../../core/i18n/language.ts';

/** What every Rumbo e-mail says, in this order: a greeting, its paragraphs, one action with its link, small print. */
export type EmailContent = {
  language: Language;
  greeting: string;
  paragraphs: readonly string[];
  action: { label: string; link: string };
  notes: readonly string[];
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The plain-text and HTML parts of one message, laid out the same way for every kind. */
export function emailBodies({ language, greeting, paragraphs, action, notes }: EmailContent): { text: string; html: string } {
  const text = [greeting, '', ...paragraphs.flatMap((paragraph) => [paragraph, '']), `${action.label}: ${action.link}`, '', ...notes, '', '— Rumbo'].join('\n');
  const html = `<!doctype html>
<html lang="${HTML_LANG[language]}"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:14px;color:#555">${notes.map(escapeHtml).join('<br>')}</p>
<p style="font-size:12px;color:#777;word-break:break-all">${escapeHtml(action.link)}</p>
<p>— Rumbo</p>
</body></html>`;
  return { text, html };
}
