import type { Language } from '../../../core/i18n/language.ts';
import type { ReferralNoticeRole } from '../../../core/referrals/referral-schema.ts';
import { emailBodies } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

/**
 * The e-mail each founder gets when a referral is rewarded, in their own language: the
 * inviter hears that the founder they invited finished onboarding, the invited founder that
 * joining by invitation brought them a month of Premium. Neither names the other: who it was
 * shows on /referral as the invited founder's community visibility allows.
 */
export const REFERRAL_EMAIL_KIND = 'referral-rewarded';

type Copy = { subject: string; greeting: (name: string) => string; paragraphs: string[]; action: string; notes: string[] };

const DEFAULT_NAME: Record<Language, string> = { en: 'there', 'es-LA': 'founder' };

const COPY: Record<ReferralNoticeRole, Record<Language, Copy>> = {
  inviter: {
    en: {
      subject: 'Your referral earned you a month of Premium',
      greeting: (name) => `Hi ${name},`,
      paragraphs: [
        'A founder you invited to Rumbo has just finished onboarding. Thank you for bringing them.',
        'You both get a month of Premium: it is already on your account, added to any Premium time you had.',
      ],
      action: 'See your referrals',
      notes: ['You can invite more founders from the Referral page.'],
    },
    'es-LA': {
      subject: 'Tu invitación te dio un mes de Premium',
      greeting: (name) => `Hola, ${name}:`,
      paragraphs: [
        'Un founder que invitaste a Rumbo acaba de completar su onboarding. Gracias por traerlo.',
        'Los dos reciben un mes de Premium: ya está en tu cuenta, sumado al tiempo de Premium que tuvieras.',
      ],
      action: 'Ver tus invitaciones',
      notes: ['Puedes invitar a más founders desde la página Referidos.'],
    },
  },
  invited: {
    en: {
      subject: 'Welcome gift: a month of Premium',
      greeting: (name) => `Hi ${name},`,
      paragraphs: [
        'You joined Rumbo with an invitation and finished onboarding, so you and the founder who invited you each get a month of Premium.',
        'It is already on your account: peer benchmarks, your whole metrics history and CSV import are yours to use.',
      ],
      action: 'See your subscription',
      notes: ['When the month ends you keep the basics on Free, and nothing you recorded is lost.'],
    },
    'es-LA': {
      subject: 'Regalo de bienvenida: un mes de Premium',
      greeting: (name) => `Hola, ${name}:`,
      paragraphs: [
        'Te uniste a Rumbo con una invitación y completaste tu onboarding, así que tú y el founder que te invitó reciben un mes de Premium cada uno.',
        'Ya está en tu cuenta: las comparaciones con tus pares, todo tu historial de métricas y la importación de CSV están a tu alcance.',
      ],
      action: 'Ver tu suscripción',
      notes: ['Cuando termine el mes conservas lo básico en el plan Gratis, y no pierdes nada de lo que registraste.'],
    },
  },
};

const LINK: Record<ReferralNoticeRole, string> = { inviter: '/referral', invited: '/subscription' };

export async function referralRewardEmail(role: ReferralNoticeRole, input: { to: string; name: string | null; language: Language; appUrl: string }): Promise<MailMessage> {
  const copy = COPY[role][input.language];
  const link = `${input.appUrl}${LINK[role]}`;
  const { text, html } = await emailBodies({
    language: input.language,
    greeting: copy.greeting(input.name?.trim() || DEFAULT_NAME[input.language]),
    paragraphs: copy.paragraphs,
    action: { label: copy.action, link },
    notes: copy.notes,
  });
  return { to: input.to, subject: copy.subject, text, html, link, kind: REFERRAL_EMAIL_KIND };
}
