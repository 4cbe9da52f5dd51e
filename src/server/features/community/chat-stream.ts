import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChatRoom } from '../../../core/community/community.ts';
import type { AppBindings } from '../../http/context.ts';
import { chatAccess, messageFor, messagesAfter } from './chat.ts';
import type { TierContext } from './service.ts';

const HEARTBEAT_MS = 20_000;

/**
 * A room's live messages as server-sent events (decision 194). A browser that reconnects
 * sends Last-Event-ID and first gets what it missed, in order; news of a message it
 * already has (edited, deleted, blocked away) comes as the message again or `removed`.
 * Every instance hears every post through the shared bus (memory, PostgreSQL or Redis).
 */
export async function roomStream(c: Context<AppBindings>, room: ChatRoom, afterId: number, tier: TierContext) {
  const { db, bus } = c.get('deps');
  const readerId = c.get('user').id;
  await chatAccess(db, readerId, tier);
  return streamSSE(c, async (stream) => {
    let lastSent = afterId;
    const send = async (id: number, change: 'posted' | 'edited' | 'deleted') => {
      // A post already sent by the catch-up is not sent twice.
      if (change === 'posted' && id <= lastSent) return;
      const message = await messageFor(db, readerId, id, tier);
      if (message) {
        lastSent = Math.max(lastSent, id);
        await stream.writeSSE({ event: 'message', id: String(lastSent), data: JSON.stringify(message) });
      } else if (change !== 'posted') {
        await stream.writeSSE({ event: 'removed', data: JSON.stringify({ id }) });
      }
    };
    // Catch-up first; news arriving meanwhile waits in the same chain, so order holds.
    let chain: Promise<void> = (async () => {
      for (const message of await messagesAfter(db, readerId, room, afterId, tier)) {
        lastSent = message.id;
        await stream.writeSSE({ event: 'message', id: String(message.id), data: JSON.stringify(message) });
      }
      await stream.writeSSE({ event: 'ready', data: '{}' });
    })();
    const unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'chat-changed' || event.room !== room) return;
      chain = chain.then(() => send(event.id, event.change)).catch(() => undefined);
    });
    stream.onAbort(unsubscribe);
    try {
      await chain;
      while (!stream.aborted && !stream.closed) {
        await stream.sleep(HEARTBEAT_MS);
        if (!stream.aborted) await stream.write(': ping\n\n');
      }
    } finally {
      unsubscribe();
    }
  });
}
