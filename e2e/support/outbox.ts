import path from 'node:path';
import { expect } from '@playwright/test';
import { readOutbox } from '../../src/server/mail/read-outbox.ts';

/** The link in the newest e-mail of `kind` to `to`, from a server's DATA_DIR/outbox (waits for it). */
export async function linkFromOutbox(dataDir: string, to: string, kind: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const message = readOutbox(path.join(dataDir, 'outbox'))
          .filter((m) => m.to === to && m.kind === kind)
          .at(-1);
        link = message?.links[0] ?? '';
        return link;
      },
      { message: `a ${kind} e-mail to ${to}` },
    )
    .not.toBe('');
  return link;
}
