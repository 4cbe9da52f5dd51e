/**
 * Characters no text keeps (non-printable ones, dropped, and line breaks, unified: sanitize.ts's
 * comment lists them), and those no database text can store.
 */


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

/** A NUL or an unpaired surrogate: what no database text or jsonb can hold. */
// eslint-disable-next-line no-control-regex -- the NUL is what this finds
export const UNSTORABLE_CHARACTER = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
