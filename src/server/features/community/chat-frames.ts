import type { ChatRoom, CommunityMember, Contact } from '../../../core/community/community.ts';

/** One message as a reader sees it: the author as their visibility allows, never an id. */
export type ChatMessage = {
  id: number;
  /** The room, or null in a direct conversation. */
  room: ChatRoom | null;
  conversation: number | null;
  author: CommunityMember;
  mine: boolean;
  /** Starts a direct message with the author (null for one's own and in conversations). */
  contact: Contact;
  body: string;
  createdAt: string;
  editedAt: string | null;
};

/**
 * The chat's server-sent events, written here only (decision 296): every frame a room, a
 * conversation or the inbox stream sends. A message's data is the very JSON the API answers
 * with (`ChatMessage`), so `JSON.parse` of a frame's data equals the message as its reader
 * gets it from the history or a post.
 */

/** One event; `data` is JSON, so it is one line. */
export const eventFrame = (event: string, data: string, id?: number) => `event: ${event}\ndata: ${data}\n${id === undefined ? '' : `id: ${id}\n`}\n`;

export const READY_FRAME = eventFrame('ready', '{}');
export const PING_FRAME = ': ping\n\n';
/**
 * Asks the browser to come back in a second (decision 267): this instance is stopping, or its
 * listener was cut and news may have been missed. The browser's EventSource reconnects by itself
 * once the stream ends, with Last-Event-ID, so it gets what it missed from whichever instance answers.
 */
export const RECONNECT_FRAME = `retry: 1000\n${eventFrame('reconnect', '{}')}`;

/** A message the reader may no longer see (edited away, deleted, its author blocked or hidden). */
export const removedFrame = (id: number) => eventFrame('removed', JSON.stringify({ id }));
/** News of one of the reader's conversations: only its id. */
export const conversationFrame = (id: number) => eventFrame('conversation', JSON.stringify({ id }));

/** The fields that depend on who reads: whether they wrote it, and their contact for its author. */
export type ReaderFields = Pick<ChatMessage, 'mine' | 'contact'>;

/**
 * A message's frame but for the reader's own fields, serialised once for every open stream
 * (decision 235): `head` ends where those fields go, `tail` starts after them and ends before
 * the event id.
 */
export type MessageFrameParts = { head: string; tail: string };

export function messageFrameParts(message: Omit<ChatMessage, keyof ReaderFields>): MessageFrameParts {
  const { id, room, conversation, author, body, createdAt, editedAt } = message;
  return {
    head: `event: message\ndata: ${JSON.stringify({ id, room, conversation, author }).slice(0, -1)},`,
    tail: `,${JSON.stringify({ body, createdAt, editedAt }).slice(1)}\nid: `,
  };
}

/** One reader's frame of a message, its own fields written between the shared parts; `eventId` is what a reconnect names. */
export function readerMessageFrame(parts: MessageFrameParts, reader: ReaderFields, eventId: number) {
  return `${parts.head}"mine":${reader.mine},"contact":${reader.contact === null ? 'null' : JSON.stringify(reader.contact)}${parts.tail}${eventId}\n\n`;
}

/** A whole message as its frame (a stream's catch-up). */
export const messageFrame = (message: ChatMessage) => readerMessageFrame(messageFrameParts(message), message, message.id);
