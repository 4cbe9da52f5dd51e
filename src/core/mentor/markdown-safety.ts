/**
 * Founder text inside the Markdown the server writes, and the links the chat renders.
 * A startup name written as `[Win a prize](https://evil.example)` or `![](…)` must reach
 * the screen as the characters typed, never as a link or an image in the mentor's voice
 * (also for an admin viewing the app as that founder). A bare http(s) address in it is
 * still shown as a link (the chat's Markdown links addresses it finds in any text, escaped
 * or not), but one whose words are the address itself: nothing hides behind other words.
 */

/**
 * Characters that start Markdown or HTML syntax inline. Parentheses need no escape once
 * the brackets are escaped, and an escaped one would stick its backslash to an address
 * before it.
 */
const MARKDOWN_SPECIAL = /[\\`*_[\]<>#!|~{}]/g;

/** Founder text for one line of Markdown: its syntax escaped, its line breaks folded into spaces. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .replace(MARKDOWN_SPECIAL, (char) => `\\${char}`);
}

/** A link in a chat answer is followed only to an http(s) address; anything else is shown as text. */
export function isSafeLinkHref(href: string | undefined): href is string {
  return typeof href === 'string' && /^https?:\/\/[^\s]+$/i.test(href.trim());
}
