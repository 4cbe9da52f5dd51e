import { type OutboxMessage, readOutbox } from '../../../src/server/mail/read-outbox.ts';

/** The test app's outbox: waits for the e-mail a request caused (sending may finish after the answer). */
export class Outbox {
  readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  all(): OutboxMessage[] {
    return readOutbox(this.dir);
  }

  /** The newest message to `to` (of `kind`, if given), waiting up to 15 s for it (e-mails go out after the answer, slower on a busy machine). */
  async latest(to: string, kind?: string, after = 0): Promise<OutboxMessage> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = this.all()
        .slice(after)
        .filter((message) => message.to === to && (!kind || message.kind === kind));
      const last = found.at(-1);
      if (last) return last;
      if (Date.now() > deadline) throw new Error(`no ${kind ?? ''} e-mail to ${to} in ${this.dir}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The link of the newest message to `to` of `kind`. */
  async link(to: string, kind: string): Promise<string> {
    const message = await this.latest(to, kind);
    const link = message.links[0];
    if (!link) throw new Error(`the ${kind} e-mail to ${to} has no link`);
    return link;
  }
}
