/**
 * The names of what the chat keeps for the tab (docs/product.md#talk-to-the-mentor), apart
 * from the code that reads them: sign-out clears them from every page, and importing the
 * chat's own helpers (with the task draft's schema) would bring the mentor's code into the
 * signed-in area's first load.
 */
export const WELCOMED_FLAG = 'rumbo_chat_welcomed';
export const VISITED_FLAG = 'rumbo_chat_page_visited';
/** A task the mentor drafted in the chat, on its way to the Tasks form (opened with `?draft=chat`). */
export const TASK_DRAFT_KEY = 'rumbo_chat_task_draft';

/** Every flag the chat keeps for the tab, so sign-out forgets all of them. */
export const CHAT_SESSION_FLAGS = [WELCOMED_FLAG, VISITED_FLAG, TASK_DRAFT_KEY];
