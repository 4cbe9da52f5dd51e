import type { Logger } from '../logger.ts';
import { writeToOutbox } from './outbox.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about (sign-in, reset, confirmation): logged in outbox mode. */
  link?: string;
  /** Our own header naming the kind of message, so scripts and tests can find it. */
  kind: string;
  /** More headers, e.g. List-Unsubscribe on the weekly e-mails. */
  headers?: Record<string, string>;
};

export type Delivery = { ok: true } | { ok: false; error: string };

export type Mailer = {
  /** Sends or files the message. Never throws: a failed send is logged (docs/product.md#e-mail). */
  send: (message: MailMessage) => Promise<boolean>;
  /** As `send`, saying why a send failed, for callers that record it and try again. */
  deliver: (message: MailMessage) => Promise<Delivery>;
  mode: 'smtp' | 'outbox';
};

export type MailerConfig = { smtpUrl: string | undefined; from: string; outboxDir: string; logger: Logger };

/**
 * Real SMTP when `SMTP_URL` is set; otherwise nodemailer still builds the exact
 * message (headers, HTML and text parts) and we file it in the outbox, so the
 * same bytes a mail server would get are what a developer or a test reads.
 */
export function createMailer({ smtpUrl, from, outboxDir, logger }: MailerConfig): Mailer {
  // nodemailer loads with the first message, not at start (decision 304).
  const load = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  };
  let transport: ReturnType<typeof load> | undefined;

  async function deliver(message: MailMessage): Promise<Delivery> {
    const mail = {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      headers: { ...message.headers, 'X-Rumbo-Kind': message.kind },
    };
    try {
      const info = await (await (transport ??= load())).sendMail(mail);
      if (smtpUrl) {
        logger.info({ to: message.to, kind: message.kind, messageId: info.messageId }, 'mail sent');
      } else {
        const file = await writeToOutbox(outboxDir, message.to, (info as { message: Buffer }).message);
        logger.info({ to: message.to, kind: message.kind, file, link: message.link }, 'mail written to the outbox');
      }
      return { ok: true };
    } catch (error) {
      logger.error({ err: error, to: message.to, kind: message.kind }, 'mail could not be sent');
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }

  return { send: async (message) => (await deliver(message)).ok, deliver, mode: smtpUrl ? 'smtp' : 'outbox' };
}
