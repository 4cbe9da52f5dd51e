import type { Context } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { ChatMessage, ChatRoom } from '../../../core/community/community.ts';
import type { SessionEvent } from '../../cluster/shared-state.ts';
import type { AppBindings } from '../../http/context.ts';
import { chatAccess, messageForReader, messagesAfter, type SharedMessage, sharedMessage } from './chat.ts';
import { conversationAccess, conversationMessagesAfter, isParticipant } from './direct.ts';
import type { TierContext } from './service.ts';

const HEARTBEAT_MS = 20_000;

type ChatChangedEvent = Extract<SessionEvent, { type: 'chat-changed' }>;

/**
 * Each change read once for all of this instance's open streams: the bus hands every
 * listener the same event object, so the first stream to need it reads it and the rest
 * wait for that read. Gone with the event.
 */
const changes = new WeakMap<ChatChangedEvent, Promise<SharedMessage | null>>();
function changedMessage(db: Parameters<typeof sharedMessage>[0], event: ChatChangedEvent, tier: TierContext) {
  let read = changes.get(event);
  if (!read) changes.set(event, (read = sharedMessage(db, event.id, tier)));
  return read;
}

/** What one stream carries: which news belongs to it, and what a reconnecting reader missed. */
type Channel = {
  carries: (event: ChatChangedEvent) => boolean;
  missed: (afterId: number) => Promise<ChatMessage[]>;
};

/**
 * A room's or a conversation's live messages as server-sent events (decisions 194, 220). A
 * browser that reconnects sends Last-Event-ID and first gets what it missed, in order; news
 * of a message it already has (edited, deleted, blocked away) comes as the message again or
 * `removed`. Every instance hears every post through the shared bus (memory, PostgreSQL or Redis).
 */
function liveStream(c: Context<AppBindings>, channel: Channel, afterId: number, tier: TierContext) {
  const { db, bus } = c.get('deps');
  const readerId = c.get('user').id;
  return streamSSE(c, async (stream) => {
    let lastSent = afterId;
    const send = async (event: ChatChangedEvent) => {
      const { id, change } = event;
      // A post already sent by the catch-up is not sent twice.
      if (change === 'posted' && id <= lastSent) return;
      const message = messageForReader(await changedMessage(db, event, tier), readerId, tier);
      if (message) {
        lastSent = Math.max(lastSent, id);
        await stream.writeSSE({ event: 'message', id: String(lastSent), data: JSON.stringify(message) });
      } else if (change !== 'posted') {
        await stream.writeSSE({ event: 'removed', data: JSON.stringify({ id }) });
      }
    };
    // Catch-up first; news arriving meanwhile waits in the same chain, so order holds.
    let chain: Promise<void> = (async () => {
      for (const message of await channel.missed(afterId)) {
        lastSent = message.id;
        await stream.writeSSE({ event: 'message', id: String(message.id), data: JSON.stringify(message) });
      }
      await stream.writeSSE({ event: 'ready', data: '{}' });
    })();
    const unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'chat-changed' || !channel.carries(event)) return;
      chain = chain.then(() => send(event)).catch(() => undefined);
    });
    await holdOpen(stream, chain, unsubscribe);
  });
}

/** Keeps a stream open with a heartbeat once `ready` is written, and stops listening when the browser goes. */
async function holdOpen(stream: SSEStreamingApi, ready: Promise<void>, unsubscribe: () => void) {
  stream.onAbort(unsubscribe);
  try {
    await ready;
    while (!stream.aborted && !stream.closed) {
      await stream.sleep(HEARTBEAT_MS);
      if (!stream.aborted) await stream.write(': ping\n\n');
    }
  } finally {
    unsubscribe();
  }
}

export async function roomStream(c: Context<AppBindings>, room: ChatRoom, afterId: number, tier: TierContext) {
  const { db } = c.get('deps');
  const readerId = c.get('user').id;
  await chatAccess(db, readerId, tier);
  return liveStream(c, { carries: (event) => event.room === room, missed: (after) => messagesAfter(db, readerId, room, after, tier) }, afterId, tier);
}

/** A direct conversation, live to its two founders only (anyone else: 404 before the stream opens). */
export async function conversationStream(c: Context<AppBindings>, id: number, afterId: number, tier: TierContext) {
  const { db } = c.get('deps');
  const readerId = c.get('user').id;
  await conversationAccess(db, readerId, id, tier);
  return liveStream(
    c,
    { carries: (event) => event.conversation === id, missed: (after) => conversationMessagesAfter(db, readerId, id, after, tier) },
    afterId,
    tier,
  );
}

/**
 * News of the reader's conversations (decision 220): `conversation` with its id whenever a
 * message in one of them is posted, edited or deleted, so the list's unread counts move live
 * while another room or conversation is open. Only ids; the list is asked again for the rest.
 */
export async function inboxStream(c: Context<AppBindings>, tier: TierContext) {
  const { db, bus } = c.get('deps');
  const readerId = c.get('user').id;
  await chatAccess(db, readerId, tier);
  return streamSSE(c, async (stream) => {
    let chain: Promise<void> = stream.writeSSE({ event: 'ready', data: '{}' });
    const unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'chat-changed' || !event.conversation) return;
      const id = event.conversation;
      chain = chain
        .then(async () => {
          if (await isParticipant(db, readerId, id)) await stream.writeSSE({ event: 'conversation', data: JSON.stringify({ id }) });
        })
        .catch(() => undefined);
    });
    await holdOpen(stream, chain, unsubscribe);
  });
}
