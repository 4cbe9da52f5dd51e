import { useEffect, useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatReportReason, ChatRoom, LeaderboardPeriod, StartupPhase, Visibility } from '../../../core/community/community-values.ts';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';
import { reopenWhenClosed } from '../../lib/live-stream.ts';

/** The community's answers as the browser receives them: each route's own type. */
export type CommunitySettings = ApiAnswer<'GET /api/community/me'>;
export type LedgerPage = ApiAnswer<'GET /api/community/ledger'>;
export type FeedPage = ApiAnswer<'GET /api/community/feed'>;
export type Leaderboard = ApiAnswer<'GET /api/community/leaderboard'>;
export type ChatMessage = ApiAnswer<'POST /api/community/rooms/:room/messages'>;
export type ChatRooms = ApiAnswer<'GET /api/community/rooms'>;
export type ChatMentions = ApiAnswer<'GET /api/community/mentions'>;
export type ChatConversation = ApiAnswer<'POST /api/community/conversations'>;
export type ChatConversations = ApiAnswer<'GET /api/community/conversations'>;

/** The community API (docs/community.md): one place for its calls and keys. */
const communityKey = ['community'] as const;

export const communitySettingsQuery = queryOptions({
  queryKey: [...communityKey, 'me'],
  queryFn: () => api('GET /api/community/me'),
});

export const useCommunitySettings = () => useQuery(communitySettingsQuery);

/** PUT /api/community/visibility; every list of the community shows the change at once. */
export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visibility: Visibility) =>
      api('PUT /api/community/visibility', { json: { visibility } }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(communitySettingsQuery.queryKey, settings);
      await queryClient.invalidateQueries({ queryKey: communityKey, predicate: (query) => query.queryKey[1] !== 'me' });
    },
  });
}

export const useLedgerPage = (page: number) =>
  useQuery({
    queryKey: [...communityKey, 'ledger', page],
    queryFn: () => api('GET /api/community/ledger', { query: { page: String(page) } }),
    placeholderData: keepPreviousData,
  });

export const useFeedPage = (page: number) =>
  useQuery({
    queryKey: [...communityKey, 'feed', page],
    queryFn: () => api('GET /api/community/feed', { query: { page: String(page) } }),
    placeholderData: keepPreviousData,
  });

export const useLeaderboard = (period: LeaderboardPeriod, phase: StartupPhase | null, enabled: boolean) =>
  useQuery({
    queryKey: [...communityKey, 'leaderboard', period, phase],
    queryFn: () => api('GET /api/community/leaderboard', { query: { period, ...(phase ? { phase } : {}) } }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Chat (decision 194): a page of the room's history (the latest, or before a message), a post, and acts on one message. */
export const chatHistory = (room: ChatRoom, before?: number) =>
  api('GET /api/community/rooms/:room/messages', { params: { room }, ...(before ? { query: { before: String(before) } } : {}) });
export const postChatMessage = (room: ChatRoom, body: string) =>
  api('POST /api/community/rooms/:room/messages', { params: { room }, json: { body } });
export const editChatMessage = (id: number, body: string) =>
  api('PATCH /api/community/messages/:id', { params: { id }, json: { body } });
export const deleteChatMessage = (id: number) => api('DELETE /api/community/messages/:id', { params: { id } });
export const reportChatMessage = (id: number, reason: ChatReportReason) =>
  api('POST /api/community/messages/:id/report', { params: { id }, json: { reason } });
export const blockChatAuthor = (id: number) => api('POST /api/community/messages/:id/block-author', { params: { id } });
/** The room's live stream; the browser reconnects by itself with Last-Event-ID. */
export const chatStreamUrl = (room: ChatRoom, after: number) => `/api/community/rooms/${room}/stream?after=${after}`;

/** How often the room list asks for unread counts of the rooms not open (decision 175). */
const UNREAD_REFRESH_MS = 30_000;
const chatRoomsKey = [...communityKey, 'rooms'] as const;

/** The rooms with the founder's unread count in each. */
export const useChatRooms = (enabled: boolean) =>
  useQuery({
    queryKey: chatRoomsKey,
    queryFn: () => api('GET /api/community/rooms'),
    refetchInterval: UNREAD_REFRESH_MS,
    enabled,
  });

/** Marks the room read up to a message and clears its count in the list at once. */
export function useMarkRoomRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ room, lastReadId }: { room: ChatRoom; lastReadId: number }) =>
      api('PUT /api/community/rooms/:room/read', { params: { room }, json: { lastReadId } }),
    onSuccess: (_, { room }) =>
      queryClient.setQueryData<ChatRooms>(chatRoomsKey, (rooms) => rooms && { rooms: rooms.rooms.map((entry) => (entry.room === room ? { ...entry, unread: 0 } : entry)) }),
  });
}

const mentionsKey = [...communityKey, 'mentions'] as const;

/** Messages naming the founder (decision 176), asked again with the unread counts. */
export const useChatMentions = () =>
  useQuery({ queryKey: mentionsKey, queryFn: () => api('GET /api/community/mentions'), refetchInterval: UNREAD_REFRESH_MS });

export function useMarkMentionsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/community/mentions/read'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentionsKey }),
  });
}

/** Allow or refuse new direct messages (decision 220); the settings show it at once. */
export function useSetDirectMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allow: boolean) => api('PUT /api/community/direct-messages', { json: { allow } }),
    onSuccess: (settings) => queryClient.setQueryData(communitySettingsQuery.queryKey, settings),
  });
}

const conversationsKey = [...communityKey, 'conversations'] as const;

/** The founder's direct conversations with their unread counts, asked again with the rooms'. */
export const useConversations = (enabled: boolean) =>
  useQuery({
    queryKey: conversationsKey,
    queryFn: () => api('GET /api/community/conversations'),
    refetchInterval: UNREAD_REFRESH_MS,
    enabled,
  });

/**
 * Keeps the conversations' unread counts live: the server says which conversation changed
 * (decision 220) and the list is asked again; the browser reconnects by itself.
 */
export function useConversationNews(enabled: boolean) {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource('/api/community/conversations/stream');
    source.addEventListener('conversation', () => void queryClient.invalidateQueries({ queryKey: conversationsKey }));
    // Back after an outage: the counts may have moved meanwhile.
    const stopWatching = reopenWhenClosed(source, () => {
      setOpened((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: conversationsKey });
    });
    return () => {
      stopWatching();
      source.close();
    };
  }, [enabled, queryClient, opened]);
}

/** Opens (or finds) the conversation with the founder a contact names, and lists it at once. */
export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contact: string) => api('POST /api/community/conversations', { json: { contact } }),
    onSuccess: async (conversation) => {
      queryClient.setQueryData<ChatConversations>(conversationsKey, (list) =>
        list && !list.conversations.some((entry) => entry.id === conversation.id) ? { conversations: [conversation, ...list.conversations] } : list,
      );
      await queryClient.invalidateQueries({ queryKey: conversationsKey });
    },
  });
}

/** A conversation's history page, a message in it, and its live stream (decision 220). */
export const conversationHistory = (id: number, before?: number) =>
  api('GET /api/community/conversations/:id/messages', { params: { id }, ...(before ? { query: { before: String(before) } } : {}) });
export const postDirectMessage = (id: number, body: string) =>
  api('POST /api/community/conversations/:id/messages', { params: { id }, json: { body } });
export const conversationStreamUrl = (id: number, after: number) => `/api/community/conversations/${id}/stream?after=${after}`;

/** Marks the conversation read up to a message and clears its count in the list at once. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lastReadId }: { id: number; lastReadId: number }) =>
      api('PUT /api/community/conversations/:id/read', { params: { id }, json: { lastReadId } }),
    onSuccess: (_, { id }) =>
      queryClient.setQueryData<ChatConversations>(
        conversationsKey,
        (list) => list && { conversations: list.conversations.map((entry) => (entry.id === id ? { ...entry, unread: 0 } : entry)) },
      ),
  });
}
