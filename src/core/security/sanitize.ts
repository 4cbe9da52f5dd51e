/**
 * Generic text sanitising (docs/product.md#sanitising).
 *
 * The output is plain text, stored as typed and rendered escaped by React. What counts
 * as dangerous, precisely (each definition is a regular expression, in blocked-patterns.ts, and
 * `sanitize` guarantees that none of them matches its output):
 *
 * - **Tag.** What an HTML tokenizer starts a tag, end tag, comment or declaration on: `<`
 *   directly followed by an ASCII letter, `/`, `!` or `?` (`TAG_START`). `a < b`, `<3` and
 *   `<5%` are prose and kept. A complete tag (`<` … `>` with no `<` or `>` inside) is removed
 *   and the text between tags kept (`<b>Ana</b>` → `Ana`); a `<script>` tag is removed with
 *   everything up to its `</script>` (or to the end, as a browser would). A `<` that opens a
 *   tag never closed is defused by a space after it (`a<b` → `a< b`).
 * - **Scheme.** `javascript:` and `vbscript:`, in any case, also with tabs or line breaks
 *   between the letters, which URL parsers drop (`JAVA\tSCRIPT:`). The scheme is removed,
 *   the rest kept as text (`javascript:alert(1)` → `alert(1)`).
 * - **Data URI.** `data:` (a word of its own, as above with tabs or line breaks) followed by
 *   a media type with a registered top-level type (`data:text/html`, `data: image/png;base64,`):
 *   `data:` up to the `/` is removed. Prose like `Key data: churn is 5%` does not match and
 *   is kept as written; a bare `data:,x` has no media type (it is text/plain) and is kept.
 * - **Inline event handler.** Event-handler attribute syntax inside a tag that is still open:
 *   `<` and a letter (a tag name), then no `<` or `>`, then whitespace, `/` or a quote and
 *   `on<letters>`, optional whitespace and `=` (`<img src=x onerror=`, `<b onClick =`,
 *   `<svg/onload=`). The `on…=` part is removed. Outside a tag it is ordinary prose and kept:
 *   `Key data: on=3`, `https://x.example/?online=1`, `online = 3` (decision 030). Prose can
 *   never become markup here: every `<` that could open a tag is closed and removed or defused.
 * - **Non-printable characters.** C0/C1 controls except `\t` and `\n` (`\r\n` and lone `\r`,
 *   U+2028 and U+2029 become `\n`), unpaired surrogates, zero-width space and word joiner,
 *   bidirectional embeddings/overrides/isolates, BOM, interlinear annotation marks, the
 *   noncharacters U+FFFE/U+FFFF and invisible fillers (U+034F, U+3164, U+2800, tag
 *   characters such as U+E0041…, see `INVISIBLE` in characters.ts). Letters, accents, emoji (with ZWJ,
 *   variation selectors and subdivision flags) are untouched.
 *
 * HTML entities (`&lt;script&gt;`, `&#106;avascript:`) are left alone: the text is never
 * decoded as HTML, React shows them literally.
 *
 * Length is counted in UTF-16 code units (as `String.length` and HTML `maxlength` do); the
 * cut never splits a surrogate pair.
 */
import { normalizeCharacters, UNSTORABLE_CHARACTER } from './characters.ts';
import { mapStringsDeep } from './deep-strings.ts';
import { stripPatterns } from './strip-markup.ts';

export const SANITIZE_MAX_LENGTH = 10_000;

/** Sanitised text without the length cut (validation reports the length instead). */
export function cleanText(input: string): string {
  if (typeof input !== 'string') return '';
  const text = stripPatterns(normalizeCharacters(input));
  // A `<` whose tag never closes: a space after it keeps the character but not the tag.
  return text.replace(/<(?=[a-z!?/])/gi, '< ').trim();
}

/** Cuts to at most `max` UTF-16 code units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max).trimEnd();
}

/** Generic text sanitising: idempotent, never throws, at most 10000 characters. */
export function sanitize(input: string): string {
  return cut(cleanText(input), SANITIZE_MAX_LENGTH);
}

export function sanitizeDeep<T>(value: T): T {
  return mapStringsDeep(value, sanitize);
}

/** Secrets are compared as typed (a password is hashed, never shown): their characters are the founder's. */
const SECRET_KEY = /password/i;

/**
 * A request body with every string's non-printable characters dropped (`normalizeCharacters`:
 * NUL, C0/C1 controls, bidi overrides, lone surrogates, invisible fillers), passwords aside.
 * What no field may hold, whatever its schema: PostgreSQL refuses a NUL in text and jsonb and
 * a lone surrogate in jsonb, and the shared page must never show a control character.
 */
export function normalizeCharactersDeep<T>(value: T): T {
  return mapStringsDeep(value, normalizeCharacters, (key) => SECRET_KEY.test(key));
}

/** Whether any string inside plain objects and arrays (keys aside) holds a character no database text can store. */
export function hasUnstorableText(value: unknown): boolean {
  let found = false;
  mapStringsDeep(value, (text) => {
    found ||= UNSTORABLE_CHARACTER.test(text);
    return text;
  });
  return found;
}
