import type { Context, Next } from 'hono';
import { normalizeCharacters } from '../../core/security/characters.ts';
import { AppError } from '../platform/app-error.ts';
import type { AppBindings } from './context.ts';

/**
 * Longer than any id, token, code or name a path carries (a uuid is 36 characters, a share
 * token or download ticket a few hundred at most).
 */
const MAX_SEGMENT_LENGTH = 512;
/** Visible ASCII (`!` to `~`) but `%`. */
const PLAIN_PATH = /^[\x21-\x24\x26-\x7e]*$/;

/**
 * Whether every segment of a path decodes (strict UTF-8) to printable text of a bounded length:
 * no NUL, control character, bidi override, lone surrogate or invisible filler (the one
 * sanitiser's `normalizeCharacters` would change it).
 */
export function isPrintablePath(rawPath: string): boolean {
  // The common case, checked at once: visible ASCII without a percent-escape decodes to itself
  // and holds nothing invisible, and a path within the limit has no segment over it.
  if (rawPath.length <= MAX_SEGMENT_LENGTH && PLAIN_PATH.test(rawPath)) return true;
  for (const segment of rawPath.split('/')) {
    if (segment.length > MAX_SEGMENT_LENGTH * 3) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // A percent-escape that is not UTF-8 (`%ED%A0%80` is a lone surrogate, `%FF` nothing).
      return false;
    }
    if (decoded.length > MAX_SEGMENT_LENGTH || normalizeCharacters(decoded) !== decoded) return false;
  }
  return true;
}

/**
 * No id, version, week or token reaches a route, let alone a query, with characters no row
 * can hold: PostgreSQL refuses a NUL in text (a 500), and nothing we create has them. Such a
 * path names nothing we have: 404, as an unknown id does. Each route then types its own
 * parameters (`paramsOf`).
 */
export const requirePrintablePath = (c: Context<AppBindings>, next: Next): Promise<void> => {
  const url = c.req.url;
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const end = url.search(/[?#]/);
  const rawPath = start < 0 ? '/' : url.slice(start, end < 0 ? undefined : end);
  if (!isPrintablePath(rawPath)) throw new AppError('NOT_FOUND');
  return next();
};
