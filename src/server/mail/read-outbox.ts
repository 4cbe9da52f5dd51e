import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads the messages the outbox transport wrote (newest last), for tests, e2e and
 * scripts that need "the last magic link". A small reader of exactly what nodemailer
 * writes: headers, one multipart/alternative body, quoted-printable or base64 parts.
 */
export type OutboxMessage = {
  file: string;
  to: string;
  subject: string;
  kind: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text part, in order. */
  links: string[];
};

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = cut === -1 ? raw : raw.slice(0, cut);
  const body = cut === -1 ? '' : raw.slice(cut).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  const text = value.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`), as in a Spanish subject. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, mode: string, data: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

export function parseOutboxMessage(file: string, raw: string): OutboxMessage {
  const { headers, body } = splitHead(raw);
  const parts: Record<string, string> = {};
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const sections = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const section of sections) {
    const part = splitHead(section.replace(/^\r?\n/, ''));
    const type = (part.headers.get('content-type') ?? 'text/plain').split(';')[0]?.trim() ?? '';
    parts[type] = decodeBody(part.body.replace(/\r?\n$/, ''), part.headers.get('content-transfer-encoding'));
  }
  const text = parts['text/plain'] ?? '';
  return {
    file,
    to: headers.get('to') ?? '',
    subject: decodeHeader(headers.get('subject') ?? ''),
    kind: headers.get('x-rumbo-kind') ?? '',
    text,
    html: parts['text/html'] ?? '',
    links: text.match(/https?:\/\/[^\s"<>]+/g) ?? [],
  };
}

/** All messages in the outbox, oldest first (file names sort by time). */
export function readOutbox(outboxDir: string): OutboxMessage[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => {
      const file = path.join(outboxDir, name);
      return parseOutboxMessage(file, fs.readFileSync(file, 'utf8'));
    });
}
