import type { Language } from '../../core/i18n/language.ts';
import { emailBodies } from './layout.ts';
import type { MailMessage } from './mailer.ts';

/**
 * The account e-mails (confirmation, magic link, password reset) in both languages.
 * Texts live here rather than in the web locales: the browser never shows them, and
 * the server must not depend on the client bundle's files.
 */
export type AuthEmailKind = 'account-exists' | 'confirm-email' | 'magic-link' | 'no-account' | 'reset-password';

type Copy = { subject: string; greeting: (name: string) => string; body: string; action: string; expiry: string; ignore: string };

/** The confirmation e-mail's name defaults to 'New User' (docs/product.md#e-mail). */
const DEFAULT_NAME: Record<Language, string> = { en: 'New User', 'es-LA': 'Nuevo usuario' };

const COPY: Record<AuthEmailKind, Record<Language, Copy>> = {
  'confirm-email': {
    en: {
      subject: 'Confirm your Rumbo e-mail',
      greeting: (name) => `Hi ${name},`,
      body: 'Welcome to Rumbo. Confirm your e-mail address so we can keep your account safe and send you your weekly reminders.',
      action: 'Confirm my e-mail',
      expiry: 'This link works for 24 hours.',
      ignore: "If you didn't create a Rumbo account, you can ignore this e-mail.",
    },
    'es-LA': {
      subject: 'Confirma tu correo de Rumbo',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Te damos la bienvenida a Rumbo. Confirma tu correo para que podamos proteger tu cuenta y enviarte tus recordatorios semanales.',
      action: 'Confirmar mi correo',
      expiry: 'Este enlace funciona durante 24 horas.',
      ignore: 'Si no creaste una cuenta en Rumbo, puedes ignorar este correo.',
    },
  },
  'magic-link': {
    en: {
      subject: 'Your Rumbo sign-in link',
      greeting: () => 'Hi,',
      body: 'Use this link to sign in to Rumbo. It works once.',
      action: 'Sign in to Rumbo',
      expiry: 'The link expires in 15 minutes.',
      ignore: "If you didn't ask to sign in, you can ignore this e-mail: nobody can sign in without the link.",
    },
    'es-LA': {
      subject: 'Tu enlace para entrar a Rumbo',
      greeting: () => 'Hola:',
      body: 'Usa este enlace para entrar a Rumbo. Funciona una sola vez.',
      action: 'Entrar a Rumbo',
      expiry: 'El enlace vence en 15 minutos.',
      ignore: 'Si no pediste entrar, puedes ignorar este correo: nadie puede entrar sin el enlace.',
    },
  },
  // A sign-in link was asked for an address with no account. The API answers the same
  // either way (no enumeration); only the mailbox's owner learns the difference.
  'no-account': {
    en: {
      subject: 'Sign-in to Rumbo',
      greeting: () => 'Hi,',
      body: 'Someone asked for a Rumbo sign-in link for this e-mail, but there is no Rumbo account with it yet.',
      action: 'Create my account',
      expiry: 'Creating an account takes a minute.',
      ignore: "If it wasn't you, ignore this e-mail: nothing was created.",
    },
    'es-LA': {
      subject: 'Entrar a Rumbo',
      greeting: () => 'Hola:',
      body: 'Alguien pidió un enlace para entrar a Rumbo con este correo, pero todavía no hay una cuenta de Rumbo con él.',
      action: 'Crear mi cuenta',
      expiry: 'Crear una cuenta toma un minuto.',
      ignore: 'Si no fuiste tú, ignora este correo: no se creó nada.',
    },
  },
  // Someone signed up with an address that has an account. The API answers as for a new
  // account (no enumeration, decision 101); the owner learns it here, with a way back in.
  'account-exists': {
    en: {
      subject: 'You already have a Rumbo account',
      greeting: (name) => `Hi ${name},`,
      body: 'Someone just tried to create a Rumbo account with this e-mail, but you already have one. Sign in with your password or a sign-in link, or reset your password if you forgot it.',
      action: 'Sign in to Rumbo',
      expiry: 'No new account was created.',
      ignore: "If it wasn't you, ignore this e-mail: your account and password stay as they are.",
    },
    'es-LA': {
      subject: 'Ya tienes una cuenta de Rumbo',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Alguien acaba de intentar crear una cuenta de Rumbo con este correo, pero ya tienes una. Entra con tu contraseña o con un enlace de acceso, o restablece tu contraseña si la olvidaste.',
      action: 'Entrar a Rumbo',
      expiry: 'No se creó ninguna cuenta nueva.',
      ignore: 'Si no fuiste tú, ignora este correo: tu cuenta y tu contraseña siguen igual.',
    },
  },
  'reset-password': {
    en: {
      subject: 'Reset your Rumbo password',
      greeting: (name) => `Hi ${name},`,
      body: 'Someone asked to reset the password of your Rumbo account. Choose a new one with this link.',
      action: 'Choose a new password',
      expiry: 'The link works once and expires in 1 hour.',
      ignore: "If it wasn't you, ignore this e-mail: your password stays the same.",
    },
    'es-LA': {
      subject: 'Restablece tu contraseña de Rumbo',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Alguien pidió restablecer la contraseña de tu cuenta de Rumbo. Elige una nueva con este enlace.',
      action: 'Elegir una contraseña nueva',
      expiry: 'El enlace funciona una vez y vence en 1 hora.',
      ignore: 'Si no fuiste tú, ignora este correo: tu contraseña no cambia.',
    },
  },
};

export async function authEmail(kind: AuthEmailKind, input: { to: string; name?: string | null; link: string; language: Language }): Promise<MailMessage> {
  const copy = COPY[kind][input.language];
  const name = input.name?.trim() || DEFAULT_NAME[input.language];
  const { text, html } = await emailBodies({
    language: input.language,
    greeting: copy.greeting(name),
    paragraphs: [copy.body],
    action: { label: copy.action, link: input.link },
    notes: [copy.expiry, copy.ignore],
  });
  return { to: input.to, subject: copy.subject, text, html, link: input.link, kind };
}
