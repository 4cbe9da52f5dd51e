/**
 * What sanitising removes and validation refuses, as regular expressions (their definitions
 * are in sanitize.ts's comment), and the search for the first blocked one in a string or a body.
 */
import { normalizeCharacters } from './characters.ts';
import { isPlainObject } from './deep-strings.ts';

/** Registered top-level media types (IANA), the start of a data URI's media type. */
export const MEDIA_TOP_LEVEL_TYPES = ['application', 'audio', 'example', 'font', 'haptics', 'image', 'message', 'model', 'multipart', 'text', 'video'];
export const LONGEST_MEDIA_TOP_LEVEL_TYPE = Math.max(...MEDIA_TOP_LEVEL_TYPES.map((type) => type.length));

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
