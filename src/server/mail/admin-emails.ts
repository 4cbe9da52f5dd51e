import type { Language } from '../../core/i18n/language.ts';
import { emailBodies } from './layout.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The e-mails an admin's action sends (decisions 271–273): a one-time sign-in link, an
 * invitation, and an answer to a founder's feedback, in both languages. Texts live on the
 * server, as the account e-mails' do (auth-emails.ts).
 */
export type AdminEmailKind = 'admin-sign-in-link' | 'invite' | 'invite-existing' | 'feedback-reply';

type Copy = { subject: string; greeting: string; body: (vars: Vars) => string[]; action: string; notes: string[] };
type Vars = { role?: 'user' | 'admin'; reply?: string; message?: string };

const ADMIN_ROLE: Record<Language, string> = {
  en: 'You are invited as an admin: the role is yours once you confirm this address.',
  'es-LA': 'Te invitan como admin: el rol es tuyo en cuanto confirmes este correo.',
};

const COPY: Record<AdminEmailKind, Record<Language, Copy>> = {
  'admin-sign-in-link': {
    en: {
      subject: 'A sign-in link from the Rumbo team',
      greeting: 'Hi,',
      body: () => ['A Rumbo admin made this link so you can get back into your account. It signs you in once.'],
      action: 'Sign in to Rumbo',
      notes: ['The link expires in 15 minutes.', "If you didn't ask the Rumbo team for help, reply to this e-mail: nobody else has the link."],
    },
    'es-LA': {
      subject: 'Un enlace para entrar, del equipo de Rumbo',
      greeting: 'Hola:',
      body: () => ['Un admin de Rumbo creó este enlace para que vuelvas a entrar a tu cuenta. Funciona una sola vez.'],
      action: 'Entrar a Rumbo',
      notes: ['El enlace vence en 15 minutos.', 'Si no pediste ayuda al equipo de Rumbo, responde este correo: nadie más tiene el enlace.'],
    },
  },
  invite: {
    en: {
      subject: "You're invited to Rumbo",
      greeting: 'Hi,',
      body: ({ role }) => [
        'You are invited to Rumbo, the AI co-founder that helps founders track the numbers that matter and decide what to do next.',
        ...(role === 'admin' ? [ADMIN_ROLE.en] : []),
      ],
      action: 'Create my account',
      notes: ['Creating an account takes a minute.', "If you didn't expect this invitation, you can ignore this e-mail."],
    },
    'es-LA': {
      subject: 'Te invitan a Rumbo',
      greeting: 'Hola:',
      body: ({ role }) => [
        'Te invitan a Rumbo, el cofundador con IA que ayuda a quienes fundan startups a seguir los números que importan y decidir qué hacer después.',
        ...(role === 'admin' ? [ADMIN_ROLE['es-LA']] : []),
      ],
      action: 'Crear mi cuenta',
      notes: ['Crear una cuenta toma un minuto.', 'Si no esperabas esta invitación, puedes ignorar este correo.'],
    },
  },
  // The address has an account already: the API answers as for any invitation (no
  // enumeration); only the mailbox's owner learns it, with a way in.
  'invite-existing': {
    en: {
      subject: "You're invited to Rumbo",
      greeting: 'Hi,',
      body: () => ['You are invited to Rumbo, and you already have an account with this e-mail. Sign in to pick up where you left off.'],
      action: 'Sign in to Rumbo',
      notes: ['No new account was created.'],
    },
    'es-LA': {
      subject: 'Te invitan a Rumbo',
      greeting: 'Hola:',
      body: () => ['Te invitan a Rumbo, y ya tienes una cuenta con este correo. Entra para seguir donde lo dejaste.'],
      action: 'Entrar a Rumbo',
      notes: ['No se creó ninguna cuenta nueva.'],
    },
  },
  'feedback-reply': {
    en: {
      subject: 'The Rumbo team answered your message',
      greeting: 'Hi,',
      body: ({ reply, message }) => [`You wrote: “${message ?? ''}”`, `Our answer: ${reply ?? ''}`],
      action: 'See it in Rumbo',
      notes: ['Your messages and our answers are on your profile.'],
    },
    'es-LA': {
      subject: 'El equipo de Rumbo respondió tu mensaje',
      greeting: 'Hola:',
      body: ({ reply, message }) => [`Escribiste: “${message ?? ''}”`, `Nuestra respuesta: ${reply ?? ''}`],
      action: 'Verla en Rumbo',
      notes: ['Tus mensajes y nuestras respuestas están en tu perfil.'],
    },
  },
};

/** A quoted message in an e-mail stays short: the whole of it is in the app. */
const QUOTE_MAX = 300;
const quoted = (text: string | undefined) => (text && text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text);

export async function adminEmail(kind: AdminEmailKind, input: { to: string; link: string; language: Language } & Vars): Promise<MailMessage> {
  const copy = COPY[kind][input.language];
  const { text, html } = await emailBodies({
    language: input.language,
    greeting: copy.greeting,
    paragraphs: copy.body({ role: input.role, reply: input.reply, message: quoted(input.message) }),
    action: { label: copy.action, link: input.link },
    notes: copy.notes,
  });
  return { to: input.to, subject: copy.subject, text, html, link: input.link, kind };
}
