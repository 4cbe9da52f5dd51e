/** What other features use of the community: each founder's visibility and pseudonym, and how others see them. */
export { endLiveStreams } from './chat-stream.ts';
export { ensureMembers, memberView, memberViewColumns } from './members.ts';
/** What the browser reads of the community: the types of the answers (docs/decisions/136-one-typed-contract.md). */
export type { FeedPage, Leaderboard, LedgerPage } from './service.ts';
export type { CommunitySettings } from './members.ts';
export type { ChatMentions, ChatMessage, ChatRooms, RoomHistory } from './chat.ts';
export type { ChatConversation, ChatConversations, ConversationHistory } from './direct.ts';
