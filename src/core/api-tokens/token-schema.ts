import { z } from 'zod';
import { safeText, TITLE_MAX } from '../security/validate.ts';

/**
 * Personal API tokens (docs/api.md): what POST /api/tokens takes and the one shape a token has.
 * A token is `rumbo_` and 43 base64url characters (32 random bytes): the prefix lets secret
 * scanners find one pasted where it should not be (decision 275).
 */
export const TOKEN_PREFIX = 'rumbo_';
export const TOKEN_PATTERN = /^rumbo_[A-Za-z0-9_-]{43}$/;
/** A founder's live tokens at most: enough for every script and assistant, few enough to review. */
export const MAX_TOKENS_PER_FOUNDER = 20;
export const MAX_TOKEN_DAYS = 365;

export const TOKEN_MESSAGES = {
  scopes: 'validation:tokens.scopes',
  expiresInDays: 'validation:tokens.expiresInDays',
} as const;

/** `read` opens every GET of the founder's data; `write` adds weeks, tasks, strategy and AI context. */
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Only the two meaningful sets: `write` without `read` would be a token that cannot see what it wrote. */
const Scopes = z.union([z.tuple([z.literal('read')]), z.tuple([z.literal('read'), z.literal('write')])], { error: TOKEN_MESSAGES.scopes });

export const CreateTokenInput = z
  .object({
    name: safeText(TITLE_MAX),
    scopes: Scopes,
    /** Omitted: the token lasts until revoked. */
    expiresInDays: z.number({ error: TOKEN_MESSAGES.expiresInDays }).int({ error: TOKEN_MESSAGES.expiresInDays }).min(1, { error: TOKEN_MESSAGES.expiresInDays }).max(MAX_TOKEN_DAYS, { error: TOKEN_MESSAGES.expiresInDays }).optional(),
  })
  .strict();
export type CreateTokenInput = z.infer<typeof CreateTokenInput>;

/** The token as `Authorization: Bearer` carries it, or undefined when the header is not a bearer. */
export function bearerOf(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  // Anything that says Bearer is a bearer, so a malformed one is refused, never read as a cookie session.
  const match = /^Bearer\b(.*)$/is.exec(header.trim());
  return match ? match[1]!.trim() : undefined;
}
