/**
 * The removal of tags, script blocks, schemes, data URIs and inline event handlers that
 * `cleanText` (sanitize.ts) runs once non-printable characters are dropped.
 *
 * Removing one piece can join two others into a new one (`<scr<script>ipt>`,
 * `javajavascript:script:`, `<<b>script>`). The cleaner builds its output as a stack: after
 * each character it checks whether a pattern now ends there and, if so, pops it. The output
 * never holds a pattern, whatever is removed later, in one linear pass (no "repeat until
 * stable" loop, whose nested worst case is quadratic).
 */
import { LONGEST_MEDIA_TOP_LEVEL_TYPE, MEDIA_TOP_LEVEL_TYPES } from './blocked-patterns.ts';

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
export function stripPatterns(source: string): string {
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
