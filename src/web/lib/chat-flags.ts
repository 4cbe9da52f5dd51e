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
