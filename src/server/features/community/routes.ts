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
import { rateLimit } from '../../http/rate-limit.ts';
import { blockAuthor, deleteMessage, editMessage, markMentionsRead, markRoomRead, mentionsOf, postMessage, reportMessage, roomHistory, roomsWithUnread } from './chat.ts';
import { conversationStream, inboxStream, roomStream } from './chat-stream.ts';
import { conversationHistory, conversationsOf, markConversationRead, postDirectMessage, startConversation } from './direct.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { signingSecret } from '../../storage/storage-for.ts';
import { feedPage, leaderboard, ledgerPage, periodDay, setDirectMessages, setVisibility } from './service.ts';
import { getSettings, isPremium, type TierContext } from './members.ts';
import { AppError } from '../../platform/app-error.ts';
import { hotJson } from '../../http/hot-json.ts';
import { documented, jsonBody, paramsOf, pureQueryOf, queryOf } from '../../http/route-doc.ts';

const tierContext = (c: Context<AppBindings>): TierContext => ({ trialDays: c.get('deps').settings.current().trialDays, contactSecret: signingSecret(c.get('deps')) });

/** The stream's starting point: ?after= or Last-Event-ID, whichever is larger (decision 194). */
function streamAfter(c: Context<AppBindings>, after: number) {
  const lastEventId = StreamQuery.shape.after.safeParse(c.req.header('last-event-id'));
  return Math.max(after, lastEventId.success ? lastEventId.data : 0);
}

/** /api/community (docs/community.md): the founder's visibility and ledger, the feed, the leaderboards. */
export const communityRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/me', documented({ summary: 'The founder’s community visibility, how others see them now, their pseudonym and tier', tag: 'community' }), async (c) =>
    c.json(await getSettings(c.get('deps').db, c.get('user').id, tierContext(c))),
  )
  .put(
    '/visibility',
    documented({ summary: 'Set visibility: public (tier 2), anonymous or hidden; applies everywhere at once', tag: 'community' }),
    jsonBody(VisibilityInput),
    async (c) => {
      const { visibility } = c.req.valid('json');
      return c.json(await setVisibility(c.get('deps').db, c.get('user').id, visibility, tierContext(c)));
    },
  )
  .put(
    '/direct-messages',
    documented({ summary: 'Allow or refuse new direct messages ({ allow }; allowed until the founder says otherwise)', tag: 'community' }),
    jsonBody(DirectMessagesInput),
    async (c) => {
      const { allow } = c.req.valid('json');
      return c.json(await setDirectMessages(c.get('deps').db, c.get('user').id, allow, tierContext(c)));
    },
  )
  .get('/ledger', documented({ summary: 'The founder’s points ledger, newest first (?page=, 20 a page)', tag: 'community' }), queryOf(LedgerQuery), async (c) => {
    const { page } = c.req.valid('query');
    return c.json(await ledgerPage(c.get('deps').db, c.get('user').id, page));
  })
  .get(
    '/feed',
    documented({ summary: 'Community milestones (achievements unlocked), as each founder’s visibility allows (?page=)', tag: 'community' }),
    queryOf(FeedQuery),
    async (c) => {
      const { page } = c.req.valid('query');
      return c.json(await feedPage(c.get('deps').db, c.get('user').id, page, tierContext(c)));
    },
  )
  .get(
    '/leaderboard',
    documented({ summary: 'Tier 2: top 50 by ledger points (?period=week|month|all&phase=) and the founder’s own rank', tag: 'community' }),
    pureQueryOf(LeaderboardQuery),
    async (c) => {
      const query = c.req.valid('query');
      const { db, profiles, leaderboards } = c.get('deps');
      const userId = c.get('user').id;
      const tier = tierContext(c);
      // Tier 2 is judged on every request, cached board or not: a trial ends on the clock.
      const profile = await profiles.get(db, userId);
      if (!profile) throw new AppError('NOT_FOUND');
      if (!isPremium(profile, tier)) throw new AppError('PREMIUM_REQUIRED');
      const startsOn = periodDay(query.period, new Date());
      return hotJson(c, await leaderboards.body(userId, query, startsOn, () => leaderboard(db, userId, query, tier)));
    },
  )
  .get(
    '/mentions',
    documented({ summary: 'Tier 2: the latest 20 chat messages naming the founder (@name or @#pseudonym) that they can still see, and how many are unread', tag: 'community' }),
    async (c) => c.json(await mentionsOf(c.get('deps').db, c.get('user').id, tierContext(c))),
  )
  .post('/mentions/read', documented({ summary: 'Tier 2: mark the founder’s mentions read', tag: 'community' }), async (c) => {
    await markMentionsRead(c.get('deps').db, c.get('user').id, tierContext(c));
    return c.body(null, 204);
  })
  .get('/rooms', documented({ summary: 'Tier 2: the chat rooms with the founder’s unread count in each (up to 100)', tag: 'community' }), async (c) =>
    c.json(await roomsWithUnread(c.get('deps').db, c.get('user').id, tierContext(c))),
  )
  .put(
    '/rooms/:room/read',
    documented({ summary: 'Tier 2: the founder has read the room up to { lastReadId } (never moves back)', tag: 'community' }),
    paramsOf(RoomParam),
    jsonBody(ChatReadInput),
    async (c) => {
      const { room } = c.req.valid('param');
      const { lastReadId } = c.req.valid('json');
      await markRoomRead(c.get('deps').db, c.get('user').id, room, lastReadId, tierContext(c));
      return c.body(null, 204);
    },
  )
  .get(
    '/rooms/:room/messages',
    documented({ summary: 'Tier 2: a chat room’s history, newest first, 50 before ?before= (general, mvp, early-growth, scaling)', tag: 'community' }),
    paramsOf(RoomParam),
    queryOf(HistoryQuery),
    async (c) => {
      const { room } = c.req.valid('param');
      const { before } = c.req.valid('query');
      return c.json(await roomHistory(c.get('deps').db, c.get('user').id, room, before, tierContext(c)));
    },
  )
  .post(
    '/rooms/:room/messages',
    documented({ summary: 'Tier 2: post { body } (≤ 10,000 characters, sanitised; 30 a minute, 429 with Retry-After)', tag: 'community' }),
    rateLimit('chatMessage'),
    paramsOf(RoomParam),
    jsonBody(ChatMessageInput),
    async (c) => {
      const { room } = c.req.valid('param');
      const { body } = c.req.valid('json');
      const { db, bus } = c.get('deps');
      return c.json(await postMessage(db, bus, c.get('user').id, room, body, tierContext(c)), 201);
    },
  )
  .get(
    '/rooms/:room/stream',
    documented({ summary: 'Tier 2: the room live as server-sent events (message, removed, ready); Last-Event-ID or ?after= replays what was missed', tag: 'community', answers: 'text/event-stream' }),
    paramsOf(RoomParam),
    queryOf(StreamQuery),
    async (c) => {
      const { room } = c.req.valid('param');
      return roomStream(c, room, streamAfter(c, c.req.valid('query').after), tierContext(c));
    },
  )
  .get(
    '/conversations',
    documented({ summary: 'Tier 2: the founder’s direct conversations, latest first, each with the other founder as their visibility allows now and the unread count', tag: 'community' }),
    async (c) => c.json(await conversationsOf(c.get('deps').db, c.get('user').id, tierContext(c))),
  )
  .get(
    '/conversations/stream',
    documented({ summary: 'Tier 2: server-sent events `conversation` ({ id }) whenever a message in one of the founder’s conversations changes, so unread counts move live', tag: 'community', answers: 'text/event-stream' }),
    async (c) => inboxStream(c, tierContext(c)),
  )
  .post(
    '/conversations',
    documented({
      summary: 'Tier 2: open (or find) a direct conversation with the founder a { contact } from a room or list names; 404 for a hidden founder, 403 when either refuses direct messages or a block stands',
      tag: 'community',
    }),
    jsonBody(StartConversationInput),
    async (c) => {
      const { contact } = c.req.valid('json');
      return c.json(await startConversation(c.get('deps').db, c.get('user').id, contact, tierContext(c)));
    },
  )
  .put(
    '/conversations/:id/read',
    documented({ summary: 'Tier 2: the founder has read the conversation up to { lastReadId } (never moves back); 404 for anyone but its two founders', tag: 'community' }),
    paramsOf(ConversationParam),
    jsonBody(ChatReadInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const { lastReadId } = c.req.valid('json');
      await markConversationRead(c.get('deps').db, c.get('user').id, id, lastReadId, tierContext(c));
      return c.body(null, 204);
    },
  )
  .get(
    '/conversations/:id/messages',
    documented({ summary: 'Tier 2: a conversation’s history, newest first, 50 before ?before=; 404 for anyone but its two founders', tag: 'community' }),
    paramsOf(ConversationParam),
    queryOf(HistoryQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      const { before } = c.req.valid('query');
      return c.json(await conversationHistory(c.get('deps').db, c.get('user').id, id, before, tierContext(c)));
    },
  )
  .post(
    '/conversations/:id/messages',
    documented({
      summary:
        'Tier 2: write { body } in a conversation (≤ 10,000 characters, sanitised; 30 a minute with room messages, 429 with Retry-After; 403 when either refuses direct messages or a block stands)',
      tag: 'community',
    }),
    rateLimit('chatMessage'),
    paramsOf(ConversationParam),
    jsonBody(ChatMessageInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const { body } = c.req.valid('json');
      const { db, bus } = c.get('deps');
      return c.json(await postDirectMessage(db, bus, c.get('user').id, id, body, tierContext(c)), 201);
    },
  )
  .get(
    '/conversations/:id/stream',
    documented({ summary: 'Tier 2: the conversation live as server-sent events (message, removed, ready), to its two founders only; Last-Event-ID or ?after= replays what was missed', tag: 'community', answers: 'text/event-stream' }),
    paramsOf(ConversationParam),
    queryOf(StreamQuery),
    async (c) => {
      const { id } = c.req.valid('param');
      return conversationStream(c, id, streamAfter(c, c.req.valid('query').after), tierContext(c));
    },
  )
  .patch(
    '/messages/:id',
    documented({ summary: 'Edit one’s own message ({ body }); 404 for anyone else’s', tag: 'community' }),
    paramsOf(MessageParam),
    jsonBody(ChatMessageInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const { body } = c.req.valid('json');
      const { db, bus } = c.get('deps');
      return c.json(await editMessage(db, bus, c.get('user').id, id, body, tierContext(c)));
    },
  )
  .delete('/messages/:id', documented({ summary: 'Delete one’s own message; 404 for anyone else’s', tag: 'community' }), paramsOf(MessageParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, bus } = c.get('deps');
    await deleteMessage(db, bus, c.get('user').id, id, tierContext(c));
    return c.body(null, 204);
  })
  .post(
    '/messages/:id/report',
    documented({ summary: 'Report a message to the admins with { reason } (spam, abuse, off-topic, other); its text is kept with the report', tag: 'community' }),
    paramsOf(MessageParam),
    jsonBody(ChatReportInput),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      await reportMessage(c.get('deps').db, c.get('user').id, id, reason, tierContext(c));
      return c.body(null, 204);
    },
  )
  .post('/messages/:id/block-author', documented({ summary: 'Block the message’s author: their messages disappear for you', tag: 'community' }), paramsOf(MessageParam), async (c) => {
    const { id } = c.req.valid('param');
    await blockAuthor(c.get('deps').db, c.get('user').id, id, tierContext(c));
    return c.body(null, 204);
  });
