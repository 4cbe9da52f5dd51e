import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEmail } from '../../src/server/mail/auth-emails.ts';
import { subscriptionEmail } from '../../src/server/features/subscription/emails.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { parseOutboxMessage, readOutbox } from '../../src/server/mail/read-outbox.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startSmtpPeer } from './support/smtp-peer.ts';
import { createTestApp } from './support/test-app.ts';

const silent = createLogger('silent');

const message = await authEmail('magic-link', { to: 'ana@example.com', link: 'http://localhost:3000/api/auth/magic-link/verify?token=abc&callbackURL=%2Fauth%2Fcallback', language: 'es-LA' });

describe('the account and subscription e-mails', () => {
  const link = 'https://rumbo.test/api/auth/verify?token=abc&callbackURL=%2Foverview';
  it.each([
    ['en', 'en', 'Confirm your Rumbo e-mail', 'Confirm my e-mail', 'Hi Ana,'],
    ['es-LA', 'es-419', 'Confirma tu correo de Rumbo', 'Confirmar mi correo', 'Hola, Ana:'],
  ] as const)('carry Rumbo’s look (React Email), HTML and text, in the founder’s language (%s)', async (language, lang, subject, action, greeting) => {
    const mail = await authEmail('confirm-email', { to: 'ana@example.com', name: 'Ana', link, language });
    expect(mail.subject).toBe(subject);
    expect(mail.html).toContain(`lang="${lang}"`);
    // The weekly e-mails' button, in the brand colour, leading to the link (also spelled out).
    expect(mail.html).toMatch(new RegExp(`<a href="${link.replace(/[?&]/g, (c) => (c === '&' ? '&amp;' : '\\?'))}"[^>]*background-color:#0f766e[^>]*>.*${action}`, 's'));
    expect(mail.html.split(link.replace(/&/g, '&amp;')).length - 1).toBeGreaterThanOrEqual(3);
    expect(mail.text).toContain(greeting);
    expect(mail.text).toContain(`${action}: ${link}`);
    expect(mail.text).not.toContain('<');
  });

  it('for the subscription, use the same layout', async () => {
    const mail = await subscriptionEmail('trial-ending', {
      to: 'ana@example.com',
      name: 'Ana',
      language: 'es-LA',
      timeZone: 'America/Bogota',
      date: new Date('2026-12-01T12:00:00Z'),
      appUrl: 'https://rumbo.test',
    });
    expect(mail.html).toContain('lang="es-419"');
    expect(mail.html).toContain('background-color:#0f766e');
    expect(mail.html).toContain('href="https://rumbo.test/subscription"');
    expect(mail.text).toContain('Hola');
  });
});

describe('the mailer with SMTP_URL set', () => {
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
  });
  afterAll(() => peer.close());

  it('delivers the message, HTML and text, to the SMTP server, and writes no outbox file', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-outbox-'));
    const mailer = createMailer({ smtpUrl: peer.url, from: 'Rumbo <hola@rumbo.test>', outboxDir, logger: silent });
    expect(mailer.mode).toBe('smtp');
    expect(await mailer.send(message)).toBe(true);
    expect(peer.received).toHaveLength(1);
    const [delivered] = peer.received;
    expect(delivered?.from).toBe('hola@rumbo.test');
    expect(delivered?.to).toEqual(['ana@example.com']);
    const parsed = parseOutboxMessage('smtp', delivered?.raw ?? '');
    expect(parsed.subject).toBe('Tu enlace para entrar a Rumbo');
    expect(parsed.kind).toBe('magic-link');
    expect(parsed.links).toEqual([message.link]);
    expect(parsed.html).toContain('Entrar a Rumbo');
    expect(readOutbox(outboxDir)).toEqual([]);
  });

  describe('in the whole app', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp({ SMTP_URL: peer.url });
    });
    afterAll(() => t.close());

    it('sends sign-up confirmations through SMTP', async () => {
      const before = peer.received.length;
      const { email } = await t.signUp({ name: 'Sofía' });
      for (let i = 0; i < 200 && peer.received.length === before; i++) await new Promise((r) => setTimeout(r, 25));
      const parsed = parseOutboxMessage('smtp', peer.received.at(-1)?.raw ?? '');
      expect(parsed.to).toBe(email);
      expect(parsed.kind).toBe('confirm-email');
      // A stranger's text never rides in Rumbo's mail: the confirmation greets without the name typed at sign-up (decision 240).
      expect(parsed.text).toContain('Hi New User,');
      expect(parsed.text).not.toContain('Sofía');
    });
  });
});

describe('a failed send', () => {
  it('is logged and reported as false, never thrown', async () => {
    const peer = await startSmtpPeer({ reject: true });
    const logged: unknown[] = [];
    const logger = createLogger('silent');
    logger.error = ((...args: unknown[]) => void logged.push(args)) as typeof logger.error;
    try {
      const mailer = createMailer({ smtpUrl: peer.url, from: 'Rumbo <hola@rumbo.test>', outboxDir: os.tmpdir(), logger });
      expect(await mailer.send(message)).toBe(false);
      expect(logged).toHaveLength(1);
    } finally {
      await peer.close();
    }
  });

  describe('in the whole app', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      // Nothing listens on port 9 (discard) on loopback: the connection is refused.
      t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    });
    afterAll(() => t.close());

    it('does not fail the sign-up that caused it', async () => {
      const { cookie } = await t.signUp();
      expect(cookie).toContain('rumbo.session_token=');
    });
  });
});

describe('the outbox (no SMTP_URL)', () => {
  it('writes one raw .eml per message, named so that they sort by time', async () => {
    const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-outbox-'));
    const mailer = createMailer({ smtpUrl: undefined, from: 'Rumbo <hola@rumbo.test>', outboxDir, logger: silent });
    expect(mailer.mode).toBe('outbox');
    for (const to of ['first@example.com', 'second@example.com', 'third@example.com']) {
      await mailer.send({ ...message, to });
    }
    const files = fs.readdirSync(outboxDir);
    expect(files.every((name) => name.endsWith('.eml'))).toBe(true);
    expect(readOutbox(outboxDir).map((m) => m.to)).toEqual(['first@example.com', 'second@example.com', 'third@example.com']);
    const raw = fs.readFileSync(path.join(outboxDir, [...files].sort()[0] ?? ''), 'utf8');
    expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(raw).toMatch(/^From: Rumbo <hola@rumbo.test>$/m);
  });
});
