import { useEffect, useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatReportReason, ChatRoom, LeaderboardPeriod, StartupPhase, Visibility } from '../../../core/community/community.ts';
import type { Json } from '../../../core/http/json.ts';
import type {
  ChatConversation as ServerChatConversation,
  ChatConversations as ServerChatConversations,
  ChatMentions as ServerChatMentions,
  ChatMessage as ServerChatMessage,
  ChatRooms as ServerChatRooms,
  CommunitySettings as ServerCommunitySettings,
  ConversationHistory,
  FeedPage as ServerFeedPage,
  Leaderboard as ServerLeaderboard,
  LedgerPage as ServerLedgerPage,
  RoomHistory,
} from '../../../server/features/community/index.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { reopenWhenClosed } from '../../lib/live-stream.ts';

/** The community's answers as the browser receives them: the server's types, as JSON. */
export type CommunitySettings = Json<ServerCommunitySettings>;
export type LedgerPage = Json<ServerLedgerPage>;
export type FeedPage = Json<ServerFeedPage>;
export type Leaderboard = Json<ServerLeaderboard>;
export type ChatMessage = Json<ServerChatMessage>;
export type ChatRooms = Json<ServerChatRooms>;
export type ChatMentions = Json<ServerChatMentions>;
export type ChatConversation = Json<ServerChatConversation>;
export type ChatConversations = Json<ServerChatConversations>;

/** The community API (docs/community.md): one place for its calls and keys. */
const communityKey = ['community'] as const;

export const communitySettingsQuery = queryOptions({
  queryKey: [...communityKey, 'me'],
  queryFn: () => apiFetch<CommunitySettings>('/api/community/me'),
});

export const useCommunitySettings = () => useQuery(communitySettingsQuery);

/** PUT /api/community/visibility; every list of the community shows the change at once. */
export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visibility: Visibility) =>
      apiFetch<CommunitySettings>('/api/community/visibility', { method: 'PUT', body: JSON.stringify({ visibility }) }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(communitySettingsQuery.queryKey, settings);
      await queryClient.invalidateQueries({ queryKey: communityKey, predicate: (query) => query.queryKey[1] !== 'me' });
    },
  });
}

export const useLedgerPage = (page: number) =>
  useQuery({
    queryKey: [...communityKey, 'ledger', page],
    queryFn: () => apiFetch<LedgerPage>(`/api/community/ledger?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const useFeedPage = (page: number) =>
  useQuery({
    queryKey: [...communityKey, 'feed', page],
    queryFn: () => apiFetch<FeedPage>(`/api/community/feed?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const useLeaderboard = (period: LeaderboardPeriod, phase: StartupPhase | null, enabled: boolean) =>
  useQuery({
    queryKey: [...communityKey, 'leaderboard', period, phase],
    queryFn: () => apiFetch<Leaderboard>(`/api/community/leaderboard?period=${period}${phase ? `&phase=${phase}` : ''}`),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Chat (decision 194): a page of the room's history (the latest, or before a message), a post, and acts on one message. */
export const chatHistory = (room: ChatRoom, before?: number) =>
  apiFetch<Json<RoomHistory>>(`/api/community/rooms/${room}/messages${before ? `?before=${before}` : ''}`);
export const postChatMessage = (room: ChatRoom, body: string) =>
  apiFetch<ChatMessage>(`/api/community/rooms/${room}/messages`, { method: 'POST', body: JSON.stringify({ body }) });
export const editChatMessage = (id: number, body: string) =>
  apiFetch<ChatMessage>(`/api/community/messages/${id}`, { method: 'PATCH', body: JSON.stringify({ body }) });
export const deleteChatMessage = (id: number) => apiFetch<void>(`/api/community/messages/${id}`, { method: 'DELETE' });
export const reportChatMessage = (id: number, reason: ChatReportReason) =>
  apiFetch<void>(`/api/community/messages/${id}/report`, { method: 'POST', body: JSON.stringify({ reason }) });
export const blockChatAuthor = (id: number) => apiFetch<void>(`/api/community/messages/${id}/block-author`, { method: 'POST' });
/** The room's live stream; the browser reconnects by itself with Last-Event-ID. */
export const chatStreamUrl = (room: ChatRoom, after: number) => `/api/community/rooms/${room}/stream?after=${after}`;

/** How often the room list asks for unread counts of the rooms not open (decision 175). */
const UNREAD_REFRESH_MS = 30_000;
const chatRoomsKey = [...communityKey, 'rooms'] as const;

/** The rooms with the founder's unread count in each. */
export const useChatRooms = (enabled: boolean) =>
  useQuery({
    queryKey: chatRoomsKey,
    queryFn: () => apiFetch<ChatRooms>('/api/community/rooms'),
    refetchInterval: UNREAD_REFRESH_MS,
    enabled,
  });

/** Marks the room read up to a message and clears its count in the list at once. */
export function useMarkRoomRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ room, lastReadId }: { room: ChatRoom; lastReadId: number }) =>
      apiFetch<void>(`/api/community/rooms/${room}/read`, { method: 'PUT', body: JSON.stringify({ lastReadId }) }),
    onSuccess: (_, { room }) =>
      queryClient.setQueryData<ChatRooms>(chatRoomsKey, (rooms) => rooms && { rooms: rooms.rooms.map((entry) => (entry.room === room ? { ...entry, unread: 0 } : entry)) }),
  });
}

const mentionsKey = [...communityKey, 'mentions'] as const;

/** Messages naming the founder (decision 176), asked again with the unread counts. */
export const useChatMentions = () =>
  useQuery({ queryKey: mentionsKey, queryFn: () => apiFetch<ChatMentions>('/api/community/mentions'), refetchInterval: UNREAD_REFRESH_MS });

export function useMarkMentionsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/community/mentions/read', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mentionsKey }),
  });
}

/** Allow or refuse new direct messages (decision 220); the settings show it at once. */
export function useSetDirectMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (allow: boolean) => apiFetch<CommunitySettings>('/api/community/direct-messages', { method: 'PUT', body: JSON.stringify({ allow }) }),
    onSuccess: (settings) => queryClient.setQueryData(communitySettingsQuery.queryKey, settings),
  });
}

const conversationsKey = [...communityKey, 'conversations'] as const;

/** The founder's direct conversations with their unread counts, asked again with the rooms'. */
export const useConversations = (enabled: boolean) =>
  useQuery({
    queryKey: conversationsKey,
    queryFn: () => apiFetch<ChatConversations>('/api/community/conversations'),
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
    mutationFn: (contact: string) => apiFetch<ChatConversation>('/api/community/conversations', { method: 'POST', body: JSON.stringify({ contact }) }),
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
  apiFetch<Json<ConversationHistory>>(`/api/community/conversations/${id}/messages${before ? `?before=${before}` : ''}`);
export const postDirectMessage = (id: number, body: string) =>
  apiFetch<ChatMessage>(`/api/community/conversations/${id}/messages`, { method: 'POST', body: JSON.stringify({ body }) });
export const conversationStreamUrl = (id: number, after: number) => `/api/community/conversations/${id}/stream?after=${after}`;

/** Marks the conversation read up to a message and clears its count in the list at once. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, lastReadId }: { id: number; lastReadId: number }) =>
      apiFetch<void>(`/api/community/conversations/${id}/read`, { method: 'PUT', body: JSON.stringify({ lastReadId }) }),
    onSuccess: (_, { id }) =>
      queryClient.setQueryData<ChatConversations>(
        conversationsKey,
        (list) => list && { conversations: list.conversations.map((entry) => (entry.id === id ? { ...entry, unread: 0 } : entry)) },
      ),
  });
}
