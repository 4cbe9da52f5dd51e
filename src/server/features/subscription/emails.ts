import { founderDate } from '../../../core/i18n/founder-date.ts';
import type { Language } from '../../../core/i18n/language.ts';
import { PLAN_PRICES } from '../../../core/subscription/plans.ts';
import { POINTS_BY_EVENT } from '../../../core/gamification/points.ts';
import { emailBodies } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/**
 * The subscription e-mails (docs/billing.md#e-mails), in the founder's language: the trial
 * ends in a few days, and Premium has ended. Dates are written by `founderDate`, as the account
 * menu and the Subscription page write them.
 */
export type NoticeKind = 'trial-ending' | 'premium-ended';

type Copy = { subject: (date: string) => string; greeting: (name: string) => string; paragraphs: (date: string) => string[]; action: string; notes: string[] };

const DEFAULT_NAME: Record<Language, string> = { en: 'there', 'es-LA': 'founder' };

const COPY: Record<NoticeKind, Record<Language, Copy>> = {
  'trial-ending': {
    en: {
      subject: (date) => `Your Rumbo trial ends on ${date}`,
      greeting: (name) => `Hi ${name},`,
      paragraphs: (date) => [
        `Your trial of every Rumbo feature ends on ${date}. After that you keep the basics on Free, and nothing you recorded is lost.`,
        `To keep your whole metrics history with CSV and Stripe import, peer benchmarks, the weekly insights, the investor update and runway scenarios, leaderboards and chat with other CEOs, community comparisons and public visibility, and priority support, choose Premium: $${PLAN_PRICES.monthly} a month or $${PLAN_PRICES.annual} a year.`,
      ],
      action: 'See plans',
      notes: [`Your first upgrade also earns you ${POINTS_BY_EVENT['upgrade-bonus']} points.`, 'You get this e-mail once.'],
    },
    'es-LA': {
      subject: (date) => `Tu prueba de Rumbo termina el ${date}`,
      greeting: (name) => `Hola, ${name}:`,
      paragraphs: (date) => [
        `Tu prueba de todas las funciones de Rumbo termina el ${date}. Después conservas lo básico en el plan Gratis, y no pierdes nada de lo que registraste.`,
        `Para conservar todo tu historial de métricas con la importación de CSV y de Stripe, la comparación con tus pares, los insights semanales, la actualización para inversionistas y los escenarios de runway, los rankings y el chat con otros CEOs, las comparaciones con la comunidad y la visibilidad pública, y el soporte prioritario, elige Premium: US$${PLAN_PRICES.monthly} al mes o US$${PLAN_PRICES.annual} al año.`,
      ],
      action: 'Ver planes',
      notes: [`Tu primera mejora de plan también te da ${POINTS_BY_EVENT['upgrade-bonus']} puntos.`, 'Recibes este correo una sola vez.'],
    },
  },
  'premium-ended': {
    en: {
      subject: () => 'Your Rumbo Premium has ended',
      greeting: (name) => `Hi ${name},`,
      paragraphs: (date) => [
        `Your Premium ended on ${date}. You are on Free now: your data is all still there and the basics keep working.`,
        'You can come back to Premium whenever you like.',
      ],
      action: 'Go to Subscription',
      notes: ['Nothing more will be charged for Premium.'],
    },
    'es-LA': {
      subject: () => 'Tu Premium de Rumbo terminó',
      greeting: (name) => `Hola, ${name}:`,
      paragraphs: (date) => [
        `Tu Premium terminó el ${date}. Ahora estás en el plan Gratis: todos tus datos siguen ahí y lo básico sigue funcionando.`,
        'Puedes volver a Premium cuando quieras.',
      ],
      action: 'Ir a Suscripción',
      notes: ['No se cobrará nada más por Premium.'],
    },
  },
};

export async function subscriptionEmail(
  kind: NoticeKind,
  input: { to: string; name: string | null; language: Language; timeZone: string | null; date: Date; appUrl: string },
): Promise<MailMessage> {
  const copy = COPY[kind][input.language];
  const date = founderDate(input.date, input);
  const link = `${input.appUrl}/subscription`;
  const { text, html } = await emailBodies({
    language: input.language,
    greeting: copy.greeting(input.name?.trim() || DEFAULT_NAME[input.language]),
    paragraphs: copy.paragraphs(date),
    action: { label: copy.action, link },
    notes: copy.notes,
  });
  return { to: input.to, subject: copy.subject(date), text, html, link, kind };
}
