import type { OutgoingHttpHeaders } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { ChatRoom } from '../../../core/community/community.ts';
import type { SessionEvent } from '../../cluster/shared-state.ts';
import type { AppBindings } from '../../http/context.ts';
import { chatAccess, type ChatMessage, messageJsonForReader, messagesAfter, type SharedMessage, sharedMessage } from './chat.ts';
import { conversationAccess, conversationMessagesAfter, isParticipant } from './direct.ts';
import type { TierContext } from './service.ts';

const HEARTBEAT_MS = 20_000;
const SSE_HEADERS = { 'Transfer-Encoding': 'chunked', 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' };
const READY = 'event: ready\ndata: {}\n\n';
const PING = ': ping\n\n';

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

/** One server-sent event; `data` is JSON, so it is one line. */
const frame = (event: string, data: string, id?: number) => `event: ${event}\ndata: ${data}\n${id === undefined ? '' : `id: ${id}\n`}\n`;

/** Where a stream's events go, until the browser goes: then writing does nothing, and the close listeners have run. */
type Sink = { write: (text: string) => void; end: () => void; onClose: (listener: () => void) => void };

/**
 * The open response (decision 230). Served by Node, the events are written straight to its
 * response: through hono's web-stream adapter each event to each of a thousand streams cost
 * several promise hops more than the write itself. Tests that call the app directly get a
 * web stream. Either way the head is the one hono would send, middleware's headers included.
 */
function openSink(c: Context<AppBindings>): { sink: Sink; response: Response } {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing) {
    const head = c.newResponse(null, 200, SSE_HEADERS).headers;
    const headers: OutgoingHttpHeaders = Object.fromEntries(head);
    const cookies = head.getSetCookie();
    if (cookies.length > 0) headers['set-cookie'] = cookies;
    outgoing.writeHead(200, headers);
    outgoing.flushHeaders();
    const open = () => !outgoing.destroyed && !outgoing.writableEnded;
    const sink: Sink = {
      write: (text) => void (open() && outgoing.write(text)),
      end: () => void (open() && outgoing.end()),
      onClose: (listener) => (outgoing.destroyed ? listener() : void outgoing.once('close', listener)),
    };
    return { sink, response: RESPONSE_ALREADY_SENT };
  }
  const encoder = new TextEncoder();
  const closeListeners: (() => void)[] = [];
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const close = () => {
    controller = null;
    for (const listener of closeListeners.splice(0)) listener();
  };
  const body = new ReadableStream<Uint8Array>({ start: (opened) => void (controller = opened), cancel: close });
  const sink: Sink = {
    write: (text) => controller?.enqueue(encoder.encode(text)),
    end: () => {
      controller?.close();
      close();
    },
    onClose: (listener) => (controller ? void closeListeners.push(listener) : listener()),
  };
  return { sink, response: c.newResponse(body, 200, SSE_HEADERS) };
}

/**
 * Keeps a stream open with a heartbeat once `ready` is written, and stops listening when the
 * browser goes; a stream whose catch-up failed is ended (the browser reconnects).
 */
function holdOpen(sink: Sink, ready: Promise<void>, unsubscribe: () => void) {
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  sink.onClose(() => {
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
  });
  ready.then(
    () => {
      if (!closed) heartbeat = setInterval(() => sink.write(PING), HEARTBEAT_MS);
    },
    () => {
      unsubscribe();
      sink.end();
    },
  );
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
  const { sink, response } = openSink(c);
  let lastSent = afterId;
  const send = async (event: ChatChangedEvent) => {
    const { id, change } = event;
    // A post already sent by the catch-up is not sent twice.
    if (change === 'posted' && id <= lastSent) return;
    const message = messageJsonForReader(await changedMessage(db, event, tier), readerId, tier);
    if (message) {
      lastSent = Math.max(lastSent, id);
      sink.write(frame('message', message, lastSent));
    } else if (change !== 'posted') {
      sink.write(frame('removed', JSON.stringify({ id })));
    }
  };
  // Catch-up first; news arriving meanwhile waits in the same chain, so order holds.
  let chain: Promise<void> = (async () => {
    for (const message of await channel.missed(afterId)) {
      lastSent = message.id;
      sink.write(frame('message', JSON.stringify(message), message.id));
    }
    sink.write(READY);
  })();
  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'chat-changed' || !channel.carries(event)) return;
    chain = chain.then(() => send(event)).catch(() => undefined);
  });
  holdOpen(sink, chain, unsubscribe);
  return response;
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
  const { sink, response } = openSink(c);
  sink.write(READY);
  const ready = Promise.resolve();
  let chain = ready;
  const unsubscribe = bus.subscribe((event) => {
    if (event.type !== 'chat-changed' || !event.conversation) return;
    const id = event.conversation;
    chain = chain
      .then(async () => {
        if (await isParticipant(db, readerId, id)) sink.write(frame('conversation', JSON.stringify({ id })));
      })
      .catch(() => undefined);
  });
  holdOpen(sink, ready, unsubscribe);
  return response;
}
