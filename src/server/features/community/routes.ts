import { type Context, Hono } from 'hono';
import {
  ChatMessageInput,
  ChatReadInput,
  ChatReportInput,
  ConversationParam,
  DirectMessagesInput,
  FeedQuery,
  HistoryQuery,
  LeaderboardQuery,
  LedgerQuery,
  MessageParam,
  RoomParam,
  StartConversationInput,
  StreamQuery,
  VisibilityInput,
} from '../../../core/community/community.ts';
import { rateLimit } from '../../rate-limit/middleware.ts';
import {
  blockAuthor,
  deleteMessage,
  editMessage,
  markMentionsRead,
  markRoomRead,
  mentionsOf,
  postMessage,
  reportMessage,
  roomHistory,
  roomsWithUnread,
} from './chat.ts';
import { conversationStream, inboxStream, roomStream } from './chat-stream.ts';
import { conversationHistory, conversationsOf, markConversationRead, postDirectMessage, startConversation } from './direct.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody, parseParams, parseQuery } from '../../http/validate.ts';
import { signingSecret } from '../../storage/storage-for.ts';
import { feedPage, getSettings, leaderboard, ledgerPage, setDirectMessages, setVisibility, type TierContext } from './service.ts';

const tierContext = (c: Context<AppBindings>): TierContext => ({ trialDays: c.get('deps').env.trialDays, contactSecret: signingSecret(c.get('deps')) });

/** The stream's starting point: ?after= or Last-Event-ID, whichever is larger (decision 194). */
function streamAfter(c: Context<AppBindings>) {
  const { after } = parseQuery(c, StreamQuery);
  const lastEventId = StreamQuery.shape.after.safeParse(c.req.header('last-event-id'));
  return Math.max(after, lastEventId.success ? lastEventId.data : 0);
}

/** /api/community (docs/community.md): the founder's visibility and ledger, the feed, the leaderboards. */
export const communityRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/me', async (c) => c.json(await getSettings(c.get('deps').db, c.get('user').id, tierContext(c))))
  .put('/visibility', async (c) => {
    const { visibility } = await parseJsonBody(c, VisibilityInput);
    return c.json(await setVisibility(c.get('deps').db, c.get('user').id, visibility, tierContext(c)));
  })
  .put('/direct-messages', async (c) => {
    const { allow } = await parseJsonBody(c, DirectMessagesInput);
    return c.json(await setDirectMessages(c.get('deps').db, c.get('user').id, allow, tierContext(c)));
  })
  .get('/ledger', async (c) => {
    const { page } = parseQuery(c, LedgerQuery);
    return c.json(await ledgerPage(c.get('deps').db, c.get('user').id, page));
  })
  .get('/feed', async (c) => {
    const { page } = parseQuery(c, FeedQuery);
    return c.json(await feedPage(c.get('deps').db, c.get('user').id, page, tierContext(c)));
  })
  .get('/leaderboard', async (c) => {
    const query = parseQuery(c, LeaderboardQuery);
    return c.json(await leaderboard(c.get('deps').db, c.get('user').id, query, tierContext(c)));
  })
  .get('/mentions', async (c) => c.json(await mentionsOf(c.get('deps').db, c.get('user').id, tierContext(c))))
  .post('/mentions/read', async (c) => {
    await markMentionsRead(c.get('deps').db, c.get('user').id, tierContext(c));
    return c.body(null, 204);
  })
  .get('/rooms', async (c) => c.json(await roomsWithUnread(c.get('deps').db, c.get('user').id, tierContext(c))))
  .put('/rooms/:room/read', async (c) => {
    const { room } = parseParams(c, RoomParam);
    const { lastReadId } = await parseJsonBody(c, ChatReadInput);
    await markRoomRead(c.get('deps').db, c.get('user').id, room, lastReadId, tierContext(c));
    return c.body(null, 204);
  })
  .get('/rooms/:room/messages', async (c) => {
    const { room } = parseParams(c, RoomParam);
    const { before } = parseQuery(c, HistoryQuery);
    return c.json(await roomHistory(c.get('deps').db, c.get('user').id, room, before, tierContext(c)));
  })
  .post('/rooms/:room/messages', rateLimit('chatMessage'), async (c) => {
    const { room } = parseParams(c, RoomParam);
    const { body } = await parseJsonBody(c, ChatMessageInput);
    const { db, bus } = c.get('deps');
    return c.json(await postMessage(db, bus, c.get('user').id, room, body, tierContext(c)), 201);
  })
  .get('/rooms/:room/stream', async (c) => {
    const { room } = parseParams(c, RoomParam);
    return roomStream(c, room, streamAfter(c), tierContext(c));
  })
  .get('/conversations', async (c) => c.json(await conversationsOf(c.get('deps').db, c.get('user').id, tierContext(c))))
  .get('/conversations/stream', async (c) => inboxStream(c, tierContext(c)))
  .post('/conversations', async (c) => {
    const { contact } = await parseJsonBody(c, StartConversationInput);
    return c.json(await startConversation(c.get('deps').db, c.get('user').id, contact, tierContext(c)));
  })
  .put('/conversations/:id/read', async (c) => {
    const { id } = parseParams(c, ConversationParam);
    const { lastReadId } = await parseJsonBody(c, ChatReadInput);
    await markConversationRead(c.get('deps').db, c.get('user').id, id, lastReadId, tierContext(c));
    return c.body(null, 204);
  })
  .get('/conversations/:id/messages', async (c) => {
    const { id } = parseParams(c, ConversationParam);
    const { before } = parseQuery(c, HistoryQuery);
    return c.json(await conversationHistory(c.get('deps').db, c.get('user').id, id, before, tierContext(c)));
  })
  .post('/conversations/:id/messages', rateLimit('chatMessage'), async (c) => {
    const { id } = parseParams(c, ConversationParam);
    const { body } = await parseJsonBody(c, ChatMessageInput);
    const { db, bus } = c.get('deps');
    return c.json(await postDirectMessage(db, bus, c.get('user').id, id, body, tierContext(c)), 201);
  })
  .get('/conversations/:id/stream', async (c) => {
    const { id } = parseParams(c, ConversationParam);
    return conversationStream(c, id, streamAfter(c), tierContext(c));
  })
  .patch('/messages/:id', async (c) => {
    const { id } = parseParams(c, MessageParam);
    const { body } = await parseJsonBody(c, ChatMessageInput);
    const { db, bus } = c.get('deps');
    return c.json(await editMessage(db, bus, c.get('user').id, id, body, tierContext(c)));
  })
  .delete('/messages/:id', async (c) => {
    const { id } = parseParams(c, MessageParam);
    const { db, bus } = c.get('deps');
    await deleteMessage(db, bus, c.get('user').id, id, tierContext(c));
    return c.body(null, 204);
  })
  .post('/messages/:id/report', async (c) => {
    const { id } = parseParams(c, MessageParam);
    const { reason } = await parseJsonBody(c, ChatReportInput);
    await reportMessage(c.get('deps').db, c.get('user').id, id, reason, tierContext(c));
    return c.body(null, 204);
  })
  .post('/messages/:id/block-author', async (c) => {
    const { id } = parseParams(c, MessageParam);
    await blockAuthor(c.get('deps').db, c.get('user').id, id, tierContext(c));
    return c.body(null, 204);
  });
