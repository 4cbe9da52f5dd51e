import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The outbox: with no SMTP server configured, every message is written here as a raw
 * RFC 5322 message (`.eml`, openable by any mail client). Names start with the UTC
 * time and a per-process sequence number, so `ls` lists them in the order they were
 * sent and a script can read the newest one (docs/product.md#api).
 */
let sequence = 0;

export function outboxFileName(now: Date, recipient: string): string {
  sequence = (sequence + 1) % 1_000_000;
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const who = recipient.toLowerCase().replace(/[^a-z0-9@._-]/g, '_').slice(0, 80);
  return `${stamp}-${String(sequence).padStart(6, '0')}-${who}.eml`;
}

export async function writeToOutbox(outboxDir: string, recipient: string, raw: Buffer): Promise<string> {
  await fs.mkdir(outboxDir, { recursive: true });
  const file = path.join(outboxDir, outboxFileName(new Date(), recipient));
  // Written under a temporary name first, so a reader never sees half a message.
  await fs.writeFile(`${file}.part`, raw);
  await fs.rename(`${file}.part`, file);
  return file;
}
