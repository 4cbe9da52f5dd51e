import { TaskDraft } from '../../core/mentor/task-draft.ts';

/** Session flags of the chat (docs/product.md#talk-to-the-mentor), cleared on sign-out by the app shell. */
export const WELCOMED_FLAG = 'rumbo_chat_welcomed';
export const VISITED_FLAG = 'rumbo_chat_page_visited';

/** Every flag the chat keeps for the tab, so sign-out forgets all of them. */
export const CHAT_SESSION_FLAGS = [WELCOMED_FLAG, VISITED_FLAG];

export const readFlag = (name: string) => {
  try {
    return sessionStorage.getItem(name) === '1';
  } catch {
    return false;
  }
};
export const writeFlag = (name: string) => {
  try {
    sessionStorage.setItem(name, '1');
  } catch {
    // Private mode: the welcome shows again next time, which is harmless.
  }
};

/** A task the mentor drafted in the chat, on its way to the Tasks form (opened with `?draft=chat`). */
export const TASK_DRAFT_KEY = 'rumbo_chat_task_draft';
CHAT_SESSION_FLAGS.push(TASK_DRAFT_KEY);

export function stashTaskDraft(draft: TaskDraft) {
  try {
    sessionStorage.setItem(TASK_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Private mode: the form opens empty, and the draft is still in the chat to copy.
  }
}

/** The drafted task, once: a reload of the form does not fill it again. */
export function takeTaskDraft(): TaskDraft | null {
  try {
    const stored = sessionStorage.getItem(TASK_DRAFT_KEY);
    sessionStorage.removeItem(TASK_DRAFT_KEY);
    const parsed = TaskDraft.safeParse(stored ? JSON.parse(stored) : null);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
