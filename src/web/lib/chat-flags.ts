import { TaskDraft } from '../../core/mentor/task-draft.ts';
import { TASK_DRAFT_KEY } from './chat-session-flags.ts';

/** Session flags of the chat (their names in chat-session-flags.ts), cleared on sign-out. */
export { VISITED_FLAG, WELCOMED_FLAG } from './chat-session-flags.ts';

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
