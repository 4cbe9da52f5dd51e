import type { Language } from '../../../core/i18n/language.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { type Masthead, sharedPageHtml } from './shared-page.ts';

const TEXT = {
  en: { subject: 'Investor update', intro: 'Read it online (the link works for 30 days):' },
  'es-LA': { subject: 'Reporte para inversionistas', intro: 'Léelo en línea (el enlace funciona por 30 días):' },
} as const;

/**
 * The update as an e-mail to one investor: the Markdown as text and as the shared page's HTML
 * (the startup's name and initial on top), with their own link. The subject is the update's
 * title ("Acme — Investor update, November 2026") when there is one.
 */
export function investorUpdateEmail({ to, markdown, link, language, masthead }: { to: string; markdown: string; link: string; language: Language; masthead?: Masthead }): MailMessage {
  const text = TEXT[language];
  return {
    to,
    subject: masthead?.title ?? text.subject,
    text: `${markdown}\n${text.intro}\n${link}\n`,
    html: sharedPageHtml(`${markdown}\n${text.intro}\n`, language, masthead).replace('</main>', `<p><a href="${link}">${link}</a></p></main>`),
    link,
    kind: 'investor-update',
  };
}
