import type { OutgoingHttpHeaders } from 'node:http';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import type { Context } from 'hono';
import type { ChatRoom } from '../../../core/community/community.ts';
import type { SessionEvent } from '../../cluster/shared-state.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppBindings } from '../../http/context.ts';
import { type ChatChangedEvent, changedMessage, type ChatMessage, chatAccess, messagesAfter, readerFieldsJson, type SharedMessage } from './chat.ts';
import { conversationAccess, conversationFounders, conversationMessagesAfter } from './direct.ts';
import type { TierContext } from './service.ts';

const HEARTBEAT_MS = 20_000;
const SSE_HEADERS = { 'Transfer-Encoding': 'chunked', 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' };
const READY = 'event: ready\ndata: {}\n\n';
const PING = ': ping\n\n';
/**
 * Asks the browser to come back in a second (decision 267): this instance is stopping, or its
 * listener was cut and news may have been missed. The browser's EventSource reconnects by itself
 * once the stream ends, with Last-Event-ID, so it gets what it missed from whichever instance answers.
 */
const RECONNECT = 'retry: 1000\nevent: reconnect\ndata: {}\n\n';


/** One server-sent event; `data` is JSON, so it is one line. */
const frame = (event: string, data: string, id?: number) => `event: ${event}\ndata: ${data}\n${id === undefined ? '' : `id: ${id}\n`}\n`;

/** Where a stream's events go, until the browser goes: then writing does nothing, and the close listeners have run. */
type Sink = { write: (text: string) => void; end: () => void; onClose: (listener: () => void) => void };

/**
 * The open response (decisions 230, 235). Served by Node, the events are written straight to
 * its socket as HTTP chunks, once the head (the one hono would send, middleware's headers
 * included) has gone out: through the response's own `write` each event is framed in four
 * writes, corked, and only leaves in a tick after the whole fan-out, one `writev` per stream;
 * on the socket it leaves at once, in one write, while the next streams are written. Should
 * the response not own its socket yet (a request pipelined behind another), events go through
 * the response. Tests that call the app directly get a web stream.
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
    const socket = outgoing.socket;
    const ownsSocket = socket !== null && (socket as { _httpMessage?: unknown })._httpMessage === outgoing && outgoing.chunkedEncoding;
    const open = () => !outgoing.destroyed && !outgoing.writableEnded;
    const sink: Sink = {
      write: ownsSocket
        ? (text) => void (open() && !socket.destroyed && socket.write(`${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`))
        : (text) => void (open() && outgoing.write(text)),
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
  // The request's signal aborted is the browser gone, as the Node server's `close` is.
  c.req.raw.signal.addEventListener('abort', sink.end, { once: true });
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

/** One change as every stream writes it: the frame's parts around the reader's own fields, read once for all. */
type Delivery = { id: number; change: ChatChangedEvent['change']; shared: SharedMessage | null; head: string; tail: string };

/** An open room or conversation stream of this instance. */
type LiveStream = {
  readerId: string;
  sink: Sink;
  /** The highest message id written; the frame's event id, what a reconnect names. */
  lastSent: number;
  /** News that came while the catch-up was read, in order; null once the catch-up is written. */
  waiting: Delivery[] | null;
};

/** An open stream of the reader's conversation news. */
type InboxStream = { readerId: string; sink: Sink };

/**
 * This instance's open streams, fed by one listener on the bus while any is open (decision
 * 235): room and conversation streams by what they carry, and the inbox streams. A change is
 * read once (decision 194), then written to every stream that carries it in one synchronous
 * pass: no promise, timer or await per stream between the read and the last write. Changes
 * are written in the order they came; a stream still reading its catch-up keeps them until
 * it has written it.
 */
type Fanout = {
  channels: Map<string, Set<LiveStream>>;
  inboxes: Set<InboxStream>;
  unsubscribe: (() => void) | null;
  order: Promise<void>;
  /** Posts being read and written: the same post heard again meanwhile (PostgreSQL's echo) is not read twice. */
  posting: Set<number>;
};
const fanouts = new WeakMap<AppDeps, Fanout>();

const roomChannel = (room: string) => `room:${room}`;
const conversationChannel = (id: number) => `conversation:${id}`;
const channelOf = (event: ChatChangedEvent) => (event.conversation ? conversationChannel(event.conversation) : roomChannel(event.room ?? ''));

/** A change as the streams of `readerId` get it: the message, `removed` when news of one they may no longer see, or nothing. */
function deliver(stream: LiveStream, delivery: Delivery, tier: TierContext) {
  const { id, change, shared } = delivery;
  // A post already sent (by the catch-up, or heard twice) is not sent again.
  if (change === 'posted' && id <= stream.lastSent) return;
  const own = shared && readerFieldsJson(shared, stream.readerId, tier);
  if (own) {
    stream.lastSent = Math.max(stream.lastSent, id);
    stream.sink.write(`${delivery.head}${own}${delivery.tail}${stream.lastSent}\n\n`);
  } else if (change !== 'posted') {
    stream.sink.write(frame('removed', JSON.stringify({ id })));
  }
}

/** Runs `write` with what `read` found, after every change that came before, then `settled`; a failed read writes nothing. */
function inOrder<T>(fanout: Fanout, read: Promise<T>, write: (found: T) => void, settled?: () => void) {
  // Handled at once: it may fail before the changes ahead of it are written.
  read.catch(() => undefined);
  fanout.order = fanout.order
    .then(async () => write(await read))
    .catch(() => undefined)
    .finally(settled);
}

/** Writes a change to every stream that carries it and is open once it has been read. */
function hear(deps: AppDeps, tier: TierContext, fanout: Fanout, event: SessionEvent) {
  if (event.type === 'resync') return reconnectAll(fanout);
  if (event.type !== 'chat-changed') return;
  const { id, change, conversation } = event;
  const channel = channelOf(event);
  const streams = fanout.channels.get(channel);
  // News of a post being written, or that every stream here already has, needs no read:
  // PostgreSQL hands an instance its own posts back, often while it still reads them.
  const known = change === 'posted' && (fanout.posting.has(id) || [...(streams ?? [])].every((stream) => stream.lastSent >= id));
  if (streams && !known) {
    if (change === 'posted') fanout.posting.add(id);
    inOrder(
      fanout,
      changedMessage(deps.db, event, tier),
      (shared) => {
        const delivery: Delivery = { id, change, shared, head: shared ? `event: message\ndata: ${shared.leading},` : '', tail: shared ? `,${shared.trailing}\nid: ` : '' };
        for (const stream of fanout.channels.get(channel) ?? []) {
          if (stream.waiting) stream.waiting.push(delivery);
          else deliver(stream, delivery, tier);
        }
      },
      change === 'posted' ? () => fanout.posting.delete(id) : undefined,
    );
  }
  if (conversation && fanout.inboxes.size > 0) {
    inOrder(fanout, conversationFounders(deps.db, conversation), (founders) => {
      const news = frame('conversation', JSON.stringify({ id: conversation }));
      for (const inbox of fanout.inboxes) if (founders?.includes(inbox.readerId)) inbox.sink.write(news);
    });
  }
}

/**
 * The fan-out of one app's instance, listening on its bus. Every stream of an app shares its
 * database, bus and tier context, so the first stream's serve the fan-out.
 */
function fanoutOf(deps: AppDeps, tier: TierContext): Fanout {
  let fanout = fanouts.get(deps);
  if (!fanout) fanouts.set(deps, (fanout = { channels: new Map(), inboxes: new Set(), unsubscribe: null, order: Promise.resolve(), posting: new Set() }));
  const listening = fanout;
  listening.unsubscribe ??= deps.bus.subscribe((event) => hear(deps, tier, listening, event));
  return listening;
}

/** Every open stream of the fan-out is told to reconnect, then ended. */
function reconnectAll(fanout: Fanout) {
  const sinks = [...[...fanout.channels.values()].flatMap((streams) => [...streams]), ...fanout.inboxes].map((stream) => stream.sink);
  for (const sink of sinks) {
    sink.write(RECONNECT);
    sink.end();
  }
}

/**
 * Ends this app's open streams with the reconnect event, for a stopping server (SIGTERM):
 * a live stream never finishes by itself, so draining would otherwise wait for the browsers.
 * Returns how many were ended.
 */
export function endLiveStreams(deps: AppDeps): number {
  const fanout = fanouts.get(deps);
  if (!fanout) return 0;
  const open = [...fanout.channels.values()].reduce((sum, streams) => sum + streams.size, 0) + fanout.inboxes.size;
  reconnectAll(fanout);
  return open;
}

/** The last stream gone, the fan-out stops listening. */
function stopIfIdle(fanout: Fanout) {
  if (fanout.channels.size > 0 || fanout.inboxes.size > 0) return;
  fanout.unsubscribe?.();
  fanout.unsubscribe = null;
}

/** Adds a stream to its channel and returns how it leaves. */
function join(deps: AppDeps, tier: TierContext, channel: string, stream: LiveStream) {
  const fanout = fanoutOf(deps, tier);
  let streams = fanout.channels.get(channel);
  if (!streams) fanout.channels.set(channel, (streams = new Set()));
  streams.add(stream);
  return () => {
    if (!streams.delete(stream)) return;
    if (streams.size === 0 && fanout.channels.get(channel) === streams) fanout.channels.delete(channel);
    stopIfIdle(fanout);
  };
}

/**
 * A room's or a conversation's live messages as server-sent events (decisions 194, 220, 235).
 * A browser that reconnects sends Last-Event-ID and first gets what it missed, in order; news
 * of a message it already has (edited, deleted, blocked away) comes as the message again or
 * `removed`. Every instance hears every post through the shared bus (memory, PostgreSQL or Redis).
 */
function liveStream(c: Context<AppBindings>, channel: string, missed: (afterId: number) => Promise<ChatMessage[]>, afterId: number, tier: TierContext) {
  const { sink, response } = openSink(c);
  const stream: LiveStream = { readerId: c.get('user').id, sink, lastSent: afterId, waiting: [] };
  // Listening before the catch-up is read, so nothing posted meanwhile is lost; it waits.
  const leave = join(c.get('deps'), tier, channel, stream);
  const ready = (async () => {
    for (const message of await missed(afterId)) {
      stream.lastSent = message.id;
      sink.write(frame('message', JSON.stringify(message), message.id));
    }
    sink.write(READY);
    const waited = stream.waiting ?? [];
    stream.waiting = null;
    for (const delivery of waited) deliver(stream, delivery, tier);
  })();
  holdOpen(sink, ready, leave);
  return response;
}

export async function roomStream(c: Context<AppBindings>, room: ChatRoom, afterId: number, tier: TierContext) {
  const { db } = c.get('deps');
  const readerId = c.get('user').id;
  await chatAccess(db, readerId, tier);
  return liveStream(c, roomChannel(room), (after) => messagesAfter(db, readerId, room, after, tier), afterId, tier);
}

/** A direct conversation, live to its two founders only (anyone else: 404 before the stream opens). */
export async function conversationStream(c: Context<AppBindings>, id: number, afterId: number, tier: TierContext) {
  const { db } = c.get('deps');
  const readerId = c.get('user').id;
  await conversationAccess(db, readerId, id, tier);
  return liveStream(c, conversationChannel(id), (after) => conversationMessagesAfter(db, readerId, id, after, tier), afterId, tier);
}

/**
 * News of the reader's conversations (decision 220): `conversation` with its id whenever a
 * message in one of them is posted, edited or deleted, so the list's unread counts move live
 * while another room or conversation is open. Only ids; the list is asked again for the rest.
 */
export async function inboxStream(c: Context<AppBindings>, tier: TierContext) {
  const deps = c.get('deps');
  const readerId = c.get('user').id;
  await chatAccess(deps.db, readerId, tier);
  const { sink, response } = openSink(c);
  sink.write(READY);
  const inbox: InboxStream = { readerId, sink };
  const fanout = fanoutOf(deps, tier);
  fanout.inboxes.add(inbox);
  holdOpen(sink, Promise.resolve(), () => {
    fanout.inboxes.delete(inbox);
    stopIfIdle(fanout);
  });
  return response;
}
