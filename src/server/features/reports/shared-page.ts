import { HTML_LANG, type Language } from '../../../core/i18n/language.ts';
import { normalizeCharacters } from '../../../core/security/characters.ts';
import { startupInitial } from '../../../core/reports/period-label.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `**bold**` inside an escaped line. */
const inline = (text: string) => escapeHtml(text).replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>');

/** Who the update is from: the startup's name (its initial is the logo) and the update's title, for the page's header. */
export type Masthead = { title: string; startupName: string | null };

/** The startup's initial in a square and its name, above the update (decision 261). */
function mastheadHtml({ startupName }: Masthead): string {
  const initial = startupInitial(startupName);
  if (!initial) return '';
  return `<header class="brand"><span class="logo" aria-hidden="true">${escapeHtml(initial)}</span><span class="name">${escapeHtml(startupName!.trim())}</span></header>`;
}

/** The update's Markdown as a small, self-contained, read-only page (no script, nothing loaded from elsewhere). */
export function sharedPageHtml(markdown: string, language: Language, masthead?: Masthead): string {
  const html: string[] = masthead ? [mastheadHtml(masthead)] : [];
  let list = false;
  // Rows stored before every text was cleaned may still hold control characters: never shown raw.
  for (const line of normalizeCharacters(markdown).split('\n')) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^- (.*)$/.exec(line);
    if (!item && list && !/^\s{2}\S/.test(line)) {
      html.push('</ul>');
      list = false;
    }
    if (heading) html.push(`<h${heading[1]!.length}>${inline(heading[2]!)}</h${heading[1]!.length}>`);
    else if (item) {
      if (!list) html.push('<ul>');
      list = true;
      html.push(`<li>${inline(item[1]!)}</li>`);
    } else if (/^\s{2}\S/.test(line) && list) html.push(`<p class="sub">${inline(line.trim())}</p>`);
    else if (line.trim()) html.push(`<p>${inline(line)}</p>`);
  }
  if (list) html.push('</ul>');
  return page(language, html.join('\n'), masthead?.title);
}

/** What an expired, revoked or unknown link shows (with status 410). */
export function gonePageHtml(language: Language): string {
  const text = language === 'es-LA' ? 'Este enlace venció o fue revocado.' : 'This link has expired or was revoked.';
  return page(language, `<h1>${text}</h1>`);
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#111;background:#fff;overflow-wrap:anywhere}h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:1.6rem}.sub{margin:0 0 .4rem 1rem;color:#333}' +
  '.brand{display:flex;align-items:center;gap:.75rem;font-size:1.25rem;font-weight:600}.logo{display:inline-flex;align-items:center;justify-content:center;width:2.75rem;height:2.75rem;border-radius:.6rem;background:#0f766e;color:#fff;font-size:1.4rem;font-weight:700;flex:none}';

function page(language: Language, body: string, title = 'Rumbo'): string {
  return `<!doctype html><html lang="${HTML_LANG[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}
