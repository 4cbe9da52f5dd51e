/**
 * Generic text sanitising (docs/product.md#sanitising).
 *
 * The output is plain text, stored as typed and rendered escaped by React. What counts
 * as dangerous, precisely (each definition is a regular expression, exported below, and
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
 *   characters such as U+E0041…, see `INVISIBLE`). Letters, accents, emoji (with ZWJ,
 *   variation selectors and subdivision flags) are untouched.
 *
 * Removing one piece can join two others into a new one (`<scr<script>ipt>`,
 * `javajavascript:script:`, `<<b>script>`). The cleaner builds its output as a stack: after
 * each character it checks whether a pattern now ends there and, if so, pops it. The output
 * never holds a pattern, whatever is removed later, in one linear pass (no "repeat until
 * stable" loop, whose nested worst case is quadratic).
 *
 * HTML entities (`&lt;script&gt;`, `&#106;avascript:`) are left alone: the text is never
 * decoded as HTML, React shows them literally.
 *
 * Length is counted in UTF-16 code units (as `String.length` and HTML `maxlength` do); the
 * cut never splits a surrogate pair.
 */

export const SANITIZE_MAX_LENGTH = 10_000;

/** Registered top-level media types (IANA), the start of a data URI's media type. */
const MEDIA_TOP_LEVEL_TYPES = ['application', 'audio', 'example', 'font', 'haptics', 'image', 'message', 'model', 'multipart', 'text', 'video'];
const LONGEST_MEDIA_TOP_LEVEL_TYPE = Math.max(...MEDIA_TOP_LEVEL_TYPES.map((type) => type.length));

/** `word` with optional tabs and line breaks between its letters (URL parsers drop them). */
const spaced = (word: string) => word.split('').join('[\\t\\n]*');

/** `<` starting a tag, an end tag, a comment or a declaration (HTML tokenizer rules). */
export const TAG_START = /<[a-z!?/]/i;
export const SCRIPT_SCHEME = new RegExp(`(?:${spaced('javascript')}|${spaced('vbscript')})[\\t\\n]*:`, 'i');
export const DATA_URI = new RegExp(`\\b${spaced('data')}[\\t\\n]*:[ \\t\\n]*(?:${MEDIA_TOP_LEVEL_TYPES.map(spaced).join('|')})[\\t\\n]*/`, 'i');
/** Handler attribute inside an open tag; the `handler` group is the attribute name and `=`. */
export const EVENT_HANDLER = /<[a-z][^<>]*?[\s/"'](?<handler>on[a-z]+\s*=)/i;
/** Tags the server refuses outright (docs/product.md#sanitising). */
export const BLOCKED_TAG = /<\/?(?:script|iframe|object|embed|form)\b/i;

const BLOCKED_PATTERNS = [BLOCKED_TAG, SCRIPT_SCHEME, DATA_URI, EVENT_HANDLER];

// Unpaired surrogates are matched with lookarounds; everything else is a plain class.
// Invisible fillers that render as blank yet count as text (a "name" nobody can see, two
// names that look alike): combining grapheme joiner U+034F, the Hangul fillers U+115F,
// U+1160, U+3164, U+FFA0, Khmer vowels U+17B4/U+17B5, Mongolian vowel separator U+180E,
// invisible operators U+2061–U+2064, deprecated format characters U+206A–U+206F, the blank
// Braille pattern U+2800, and the tag characters U+E0000–U+E007F (written as their surrogate
// pair, \uDB40 + \uDC00–\uDC7F), except inside an emoji subdivision flag (🏴 + tags, U+1F3F4).
const TAG_CHARACTER = /(?<!\uD83C\uDFF4(?:\uDB40[\uDC20-\uDC7E])*)\uDB40[\uDC00-\uDC7F]/.source;
// Written raw, so the regular expression reads the escapes (never a combining mark joined to its neighbour).
const INVISIBLE = new RegExp(
  // eslint-disable-next-line no-misleading-character-class -- each escape stands alone; U+17B4/U+17B5 are marks the class removes, never joins
  String.raw`${TAG_CHARACTER}|\u034F|[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u115F\u1160\u17B4\u17B5\u180E\u200B\u2060-\u2064\u202A-\u202E\u2066-\u206F\u2800\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]`,
  'g',
);
const LINE_BREAKS = /\r\n?|[\u2028\u2029]/g;

/** Unifies line breaks and drops non-printable characters; nothing else changes. */
export function normalizeCharacters(input: string): string {
  return input.replace(LINE_BREAKS, '\n').replace(INVISIBLE, '');
}

const TAB = 9;
const LF = 10;
const SPACE = 32;
const JS_WHITESPACE = /\s/;

const lower = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);
const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isWordChar = (code: number) => isLetter(code) || (code >= 48 && code <= 57) || code === 95;
const isTagStart = (code: number) => isLetter(code) || code === 47 /* / */ || code === 33 /* ! */ || code === 63; /* ? */

/**
 * The output under construction, with per-position indexes so every backward check is
 * O(pattern length): `prevSig[i]` is the last position ≤ i that is not a tab or line feed,
 * `prevNonBlank[i]` the same also skipping spaces, `prevNonSpace[i]` skipping any `\s`,
 * `runStart[i]` where the ASCII-letter run ending at i starts (-1 if not a letter).
 */
class Output {
  codes: number[] = [];
  prevSig: number[] = [];
  prevNonBlank: number[] = [];
  prevNonSpace: number[] = [];
  runStart: number[] = [];
  lessThan: number[] = [];
  greaterThan: number[] = [];

  get length(): number {
    return this.codes.length;
  }

  code(i: number): number {
    return this.codes[i] ?? -1;
  }

  push(code: number, char: string): void {
    const i = this.codes.length;
    const tabOrLf = code === TAB || code === LF;
    this.codes.push(code);
    this.prevSig.push(tabOrLf ? this.prevAt(this.prevSig, i - 1) : i);
    this.prevNonBlank.push(tabOrLf || code === SPACE ? this.prevAt(this.prevNonBlank, i - 1) : i);
    this.prevNonSpace.push(JS_WHITESPACE.test(char) ? this.prevAt(this.prevNonSpace, i - 1) : i);
    this.runStart.push(isLetter(code) ? (isLetter(this.code(i - 1)) ? this.prevAt(this.runStart, i - 1) : i) : -1);
    if (code === 60) this.lessThan.push(i);
    if (code === 62) this.greaterThan.push(i);
  }

  truncate(length: number): void {
    this.codes.length = length;
    this.prevSig.length = length;
    this.prevNonBlank.length = length;
    this.prevNonSpace.length = length;
    this.runStart.length = length;
    while ((this.lessThan.at(-1) ?? -1) >= length) this.lessThan.pop();
    while ((this.greaterThan.at(-1) ?? -1) >= length) this.greaterThan.pop();
  }

  prevAt(index: number[], i: number): number {
    return i < 0 ? -1 : (index[i] ?? -1);
  }

  /**
   * Where `word` (lower case ASCII) starts if it ends at or before `end`, allowing tabs and
   * line feeds before, between and after its letters; -1 if it does not.
   */
  wordEndingAt(word: string, end: number): number {
    let j = end;
    for (let k = word.length - 1; k >= 0; k--) {
      j = this.prevAt(this.prevSig, j);
      if (j < 0 || lower(this.code(j)) !== word.charCodeAt(k)) return -1;
      if (k > 0) j -= 1;
    }
    return j;
  }

  toString(): string {
    let text = '';
    for (let i = 0; i < this.codes.length; i += 8192) text += String.fromCharCode(...this.codes.slice(i, i + 8192));
    return text;
  }
}

/** Start of a complete tag if the `>` about to be appended closes one, else -1. */
function tagStart(out: Output): number {
  const open = out.lessThan.at(-1) ?? -1;
  if (open < 0 || open <= (out.greaterThan.at(-1) ?? -1) || !isTagStart(out.code(open + 1))) return -1;
  return open;
}

/** Whether the tag starting at `open` (its `>` not yet appended) opens a script block. */
function opensScript(out: Output, open: number): boolean {
  const name = 'script';
  for (let k = 0; k < name.length; k++) if (lower(out.code(open + 1 + k)) !== name.charCodeAt(k)) return false;
  const after = out.code(open + 1 + name.length);
  return after === -1 || after === TAB || after === LF || after === SPACE || after === 47;
}

/** Start of `javascript:` / `vbscript:` if the `:` about to be appended ends one, else -1. */
function schemeStart(out: Output): number {
  const end = out.length - 1;
  const javascript = out.wordEndingAt('javascript', end);
  return javascript >= 0 ? javascript : out.wordEndingAt('vbscript', end);
}

/** Start of `data:<type>/` if the `/` about to be appended ends one, else -1. */
function dataUriStart(out: Output): number {
  let type = '';
  let first = -1;
  let j = out.prevAt(out.prevSig, out.length - 1);
  while (j >= 0 && isLetter(out.code(j))) {
    if (type.length === LONGEST_MEDIA_TOP_LEVEL_TYPE) return -1;
    type = String.fromCharCode(lower(out.code(j))) + type;
    first = j;
    j = out.prevAt(out.prevSig, j - 1);
  }
  if (first < 0 || !MEDIA_TOP_LEVEL_TYPES.includes(type)) return -1;
  const colon = out.prevAt(out.prevNonBlank, first - 1);
  if (colon < 0 || out.code(colon) !== 58) return -1;
  const start = out.wordEndingAt('data', colon - 1);
  return start >= 0 && !isWordChar(out.code(start - 1)) ? start : -1;
}

/** Whether `code` may precede a handler attribute's name inside a tag (`EVENT_HANDLER`). */
const isAttributeSeparator = (code: number) => code === 47 /* / */ || code === 34 /* " */ || code === 39 /* ' */ || JS_WHITESPACE.test(String.fromCharCode(code));

/**
 * Start of `on<letters>\s*` if the `=` about to be appended ends an event handler inside a
 * tag that is still open (`<` + letter, no `>` since), else -1.
 */
function handlerStart(out: Output): number {
  const last = out.prevAt(out.prevNonSpace, out.length - 1);
  if (last < 0 || !isLetter(out.code(last))) return -1;
  const start = out.prevAt(out.runStart, last);
  const isName = last - start >= 2 && lower(out.code(start)) === 111 && lower(out.code(start + 1)) === 110;
  if (!isName || !isAttributeSeparator(out.code(start - 1))) return -1;
  const open = out.lessThan.at(-1) ?? -1;
  const insideTag = open >= 0 && open > (out.greaterThan.at(-1) ?? -1) && isLetter(out.code(open + 1)) && start - 1 > open + 1;
  return insideTag ? start : -1;
}

const SCRIPT_END = /<\/script[\s/>]/gi;

/** Where processing resumes after a script block's content, from `from`. */
function afterScriptBlock(source: string, from: number): number {
  SCRIPT_END.lastIndex = from;
  const end = SCRIPT_END.exec(source);
  if (!end) return source.length;
  const close = source.indexOf('>', end.index);
  return close < 0 ? source.length : close + 1;
}

/** Removes tags, script blocks, schemes, data URIs and handlers; see the file comment. */
function stripPatterns(source: string): string {
  // Every removal ends on one of these characters: without them, nothing is removed.
  if (!/[>:/=]/.test(source)) return source;
  const out = new Output();
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    const code = source.charCodeAt(i);
    i += 1;
    let start = -1;
    if (code === 62) {
      start = tagStart(out);
      if (start >= 0 && opensScript(out, start)) {
        out.truncate(start);
        i = afterScriptBlock(source, i);
        continue;
      }
    } else if (code === 58) start = schemeStart(out);
    else if (code === 47) start = dataUriStart(out);
    else if (code === 61) start = handlerStart(out);
    if (start >= 0) out.truncate(start);
    else out.push(code, char);
  }
  return out.toString();
}

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

/** The first (leftmost) blocked pattern in one string, normalised (`<script`, `onerror=`). */
function firstBlocked(text: string): string | null {
  let found: RegExpExecArray | null = null;
  for (const pattern of BLOCKED_PATTERNS) {
    const match = pattern.exec(text);
    if (match && (!found || match.index < found.index)) found = match;
  }
  if (!found) return null;
  // A handler is reported by its attribute (`onerror=`), not by the tag around it.
  return (found.groups?.handler ?? found[0]).replace(/\s+/g, '').toLowerCase();
}

/**
 * The first blocked pattern (script, iframe, object, embed or form tags;
 * `javascript:`/`vbscript:` schemes; data URIs; inline event handlers) in a raw string,
 * also once non-printable characters are dropped (`<scr\0ipt`), or null. Plain markup such
 * as `<b>` is not blocked: it is stripped. `findBlockedPattern(sanitize(x))` is always null.
 */
export function findBlockedPattern(input: string): string | null {
  if (typeof input !== 'string') return null;
  return firstBlocked(input) ?? firstBlocked(normalizeCharacters(input));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * A copy with every string inside plain objects and arrays passed through `clean`, except
 * the values of keys `keep` names; keys, other values and other objects (Date, Uint8Array…)
 * untouched. Iterative, so deep nesting cannot overflow the stack; shared and circular
 * references keep their shape.
 */
function mapStringsDeep<T>(value: T, clean: (text: string) => string, keep: (key: string) => boolean = () => false): T {
  if (typeof value === 'string') return clean(value) as T;
  if (!Array.isArray(value) && !isPlainObject(value)) return value;
  const copies = new Map<object, unknown[] | Record<string, unknown>>();
  const copyOf = (source: object): unknown[] | Record<string, unknown> => {
    let copy = copies.get(source);
    if (!copy) {
      copy = Array.isArray(source) ? new Array<unknown>(source.length) : (Object.create(Object.getPrototypeOf(source)) as Record<string, unknown>);
      copies.set(source, copy);
      pending.push(source);
    }
    return copy;
  };
  const pending: object[] = [];
  const root = copyOf(value);
  for (let source = pending.pop(); source !== undefined; source = pending.pop()) {
    const copy = copies.get(source) as unknown[] | Record<string, unknown>;
    for (const key of Object.keys(source)) {
      const item = (source as Record<string, unknown>)[key];
      const cleaned = typeof item === 'string' ? (keep(key) ? item : clean(item)) : Array.isArray(item) || isPlainObject(item) ? copyOf(item) : item;
      // defineProperty, not assignment: a JSON key "__proto__" stays a plain key.
      Object.defineProperty(copy, key, { value: cleaned, enumerable: true, writable: true, configurable: true });
    }
  }
  return root as T;
}

/** A copy with every string inside plain objects and arrays sanitised (`mapStringsDeep`). */
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

/** A NUL or an unpaired surrogate: what no database text or jsonb can hold. */
// eslint-disable-next-line no-control-regex -- the NUL is what this finds
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string inside plain objects and arrays (keys aside) holds a character no database text can store. */
export function hasUnstorableText(value: unknown): boolean {
  let found = false;
  mapStringsDeep(value, (text) => {
    found ||= UNSTORABLE.test(text);
    return text;
  });
  return found;
}

/**
 * The first string value (depth first, in key order) inside plain objects and arrays that
 * carries a blocked pattern, with its path (`profile.links[2]`, '' for the value itself).
 * Keys are not inspected (`sanitizeDeep` leaves them untouched; routes' schemas decide which
 * keys exist).
 */
export function findBlockedPatternDeep(value: unknown): { path: string; pattern: string } | null {
  const seen = new Set<object>();
  const pending: { value: unknown; path: string }[] = [{ value, path: '' }];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const item = entry.value;
    if (typeof item === 'string') {
      const pattern = findBlockedPattern(item);
      if (pattern) return { path: entry.path, pattern };
    } else if ((Array.isArray(item) || isPlainObject(item)) && !seen.has(item)) {
      seen.add(item);
      const keys = Object.keys(item);
      // Pushed in reverse so the first key is checked first.
      for (let k = keys.length - 1; k >= 0; k--) {
        const key = keys[k] as string;
        const path = Array.isArray(item) ? `${entry.path}[${key}]` : entry.path ? `${entry.path}.${key}` : key;
        pending.push({ value: (item as Record<string, unknown>)[key], path });
      }
    }
  }
  return null;
}
