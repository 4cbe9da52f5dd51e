import type { NumberCheck } from '../../../core/mentor/number-check.ts';
import type { ToolCallRecord } from '../../../core/mentor/tool-calls.ts';

/** One message shown in the mentor chat, as the page keeps it while the founder talks. */
export type ChatMessage = {
  key: string;
  role: 'user' | 'assistant';
  /** `file`: the note left by an upload into the conversation (decision 090). */
  kind?: 'text' | 'file';
  content: string;
  /** streaming → done | stopped | trouble (an answer that failed: the question is kept, retry offered). */
  status: 'streaming' | 'done' | 'stopped' | 'trouble';
  /** An answer's numbers and their sources, once checked (docs/mentor.md "Every number traceable"). */
  numberChecks?: NumberCheck[] | null;
  /** What the model looked at to answer. */
  toolCalls?: ToolCallRecord[] | null;
  /** The model was slow or down and the offline mentor answered instead (decision 268). */
  providerUnavailable?: boolean;
};
