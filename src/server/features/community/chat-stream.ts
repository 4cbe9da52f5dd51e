import type { Context } from 'hono';
import type { ChatRoom } from '../../../core/community/community.ts';
import type { SessionEvent } from '../../cluster/shared-state.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppBindings } from '../../http/context.ts';
import { type EventSink, eventStreamHead, openEventStream } from '../../http/event-stream.ts';
import { type ChatChangedEvent, changedMessage, type ChatMessage, messagesAfter, readerOf, type SharedMessage } from './chat.ts';
import { conversationFrame, messageFrame, PING_FRAME, READY_FRAME, readerMessageFrame, RECONNECT_FRAME, removedFrame } from './chat-frames.ts';
import { conversationAccess, conversationFounders, conversationMessagesAfter } from './direct.ts';
import { chatAccess, type TierContext } from './members.ts';

const HEARTBEAT_MS = 20_000;

/**
 * Keeps a stream open with a heartbeat once `ready` is written, and stops listening when the
 * browser goes; a stream whose catch-up failed is ended (the browser reconnects).
 */
function holdOpen(sink: EventSink, ready: Promise<void>, unsubscribe: () => void) {
  let closed = false;
  let heartbeat: NodeJS.Timeout | undefined;
  sink.onClose(() => {
    closed = true;
    unsubscribe();
    clearInterval(heartbeat);
  });
  ready.then(
    () => {
      if (!closed) heartbeat = setInterval(() => sink.write(PING_FRAME), HEARTBEAT_MS);
    },
    () => {
      unsubscribe();
      sink.end();
    },
  );
}

/** One change as every stream writes it, read once for all (its frame's parts are in `shared`). */
type Delivery = { id: number; change: ChatChangedEvent['change']; shared: SharedMessage | null };

/** An open room or conversation stream of this instance. */
type LiveStream = {
  readerId: string;
  sink: EventSink;
  /** The highest message id written; the frame's event id, what a reconnect names. */
  lastSent: number;
  /** News that came while the catch-up was read, in order; null once the catch-up is written. */
  waiting: Delivery[] | null;
};

/** An open stream of the reader's conversation news. */
type InboxStream = { readerId: string; sink: EventSink };

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
  const reader = shared && readerOf(shared, stream.readerId, tier);
  if (reader) {
    stream.lastSent = Math.max(stream.lastSent, id);
    stream.sink.write(readerMessageFrame(shared.frame, reader, stream.lastSent));
  } else if (change !== 'posted') {
    stream.sink.write(removedFrame(id));
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
        const delivery: Delivery = { id, change, shared };
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
      const news = conversationFrame(conversation);
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
    sink.write(RECONNECT_FRAME);
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
  if (c.req.method === 'HEAD') return eventStreamHead(c);
  const { sink, response } = openEventStream(c);
  const stream: LiveStream = { readerId: c.get('user').id, sink, lastSent: afterId, waiting: [] };
  // Listening before the catch-up is read, so nothing posted meanwhile is lost; it waits.
  const leave = join(c.get('deps'), tier, channel, stream);
  const ready = (async () => {
    for (const message of await missed(afterId)) {
      stream.lastSent = message.id;
      sink.write(messageFrame(message));
    }
    sink.write(READY_FRAME);
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
  if (c.req.method === 'HEAD') return eventStreamHead(c);
  const { sink, response } = openEventStream(c);
  sink.write(READY_FRAME);
  const inbox: InboxStream = { readerId, sink };
  const fanout = fanoutOf(deps, tier);
  fanout.inboxes.add(inbox);
  holdOpen(sink, Promise.resolve(), () => {
    fanout.inboxes.delete(inbox);
    stopIfIdle(fanout);
  });
  return response;
}
