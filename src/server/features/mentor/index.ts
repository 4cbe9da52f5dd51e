/** What the browser reads of the mentor: the types of its answers (docs/decisions/136-one-typed-contract.md). */
export type { FilesUpload } from './conversation-files.ts';
export type { Conversation, ConversationSummary } from './conversations.ts';
export type { Conversations, MentorStatus, StrategyDrafted, TaskDrafted } from './routes.ts';
