import type { Language } from '../../../core/i18n/language.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { sharedPageHtml } from './shared-page.ts';

const TEXT = {
  en: { subject: 'Investor update', intro: 'Read it online (the link works for 30 days):' },
  'es-LA': { subject: 'Reporte para inversionistas', intro: 'Léelo en línea (el enlace funciona por 30 días):' },
} as const;

/** The update as an e-mail to one investor: the Markdown as text and as the shared page's HTML, with their own link. */
export function investorUpdateEmail({ to, markdown, link, language }: { to: string; markdown: string; link: string; language: Language }): MailMessage {
  const text = TEXT[language];
  return {
    to,
    subject: text.subject,
    text: `${markdown}\n${text.intro}\n${link}\n`,
    html: sharedPageHtml(`${markdown}\n${text.intro}\n`, language).replace('</main>', `<p><a href="${link}">${link}</a></p></main>`),
    link,
    kind: 'investor-update',
  };
}
