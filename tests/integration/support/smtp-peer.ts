import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP peer on loopback that keeps every message it accepts. `reject: true` refuses
 * every message; `rejectNext(n)` refuses the next n (a mail server having a bad minute).
 */
export async function startSmtpPeer(options: { reject?: boolean } = {}) {
  const received: ReceivedMail[] = [];
  let rejecting = options.reject ? Number.POSITIVE_INFINITY : 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (rejecting > 0) {
          rejecting -= 1;
          return callback(new Error('mailbox unavailable'));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext: (count: number) => {
      rejecting = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
