import type { TokenScope } from './token-schema.ts';

/**
 * Where a personal API token may go (decision 275). A token acts for its founder on their own
 * data and nothing else: never on what guards the account itself (admin, the account's deletion
 * and export, billing, sessions, two-step verification, the tokens themselves, connected apps),
 * so a leaked token can be revoked by the founder and cannot lock them out or take their data whole.
 */
const NEVER = [
  /^\/api\/admin(\/|$)/,
  /^\/api\/impersonation(\/|$)/,
  /^\/api\/account(\/|$)/,
  /^\/api\/subscription(\/|$)/,
  /^\/api\/webhooks(\/|$)/,
  /^\/api\/session(\/|$)/,
  /^\/api\/auth(\/|$)/,
  /^\/api\/tokens(\/|$)/,
  /^\/api\/oauth(\/|$)/,
];

/** `write` changes these and only these: weeks, tasks, strategy and AI context. */
const WRITABLE = [/^\/api\/metrics\/weeks\//, /^\/api\/metrics\/import\/?$/, /^\/api\/tasks(\/|$)/, /^\/api\/strategy(\/|$)/, /^\/api\/context(\/|$)/];

/** Asking the mentor changes no figure: any token may (the conversation is kept for the founder to read). */
const ASKS = [/^\/api\/mentor\/chat\/?$/];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `allowed`, or why not: a place no token goes, or a write this token's scopes do not include. */
export type TokenAccess = 'allowed' | 'never' | 'write-scope-missing' | 'not-writable';

export function tokenAccess(method: string, path: string, scopes: readonly TokenScope[]): TokenAccess {
  if (NEVER.some((pattern) => pattern.test(path))) return 'never';
  if (READ_METHODS.has(method.toUpperCase()) || (method.toUpperCase() === 'POST' && ASKS.some((pattern) => pattern.test(path)))) {
    return scopes.includes('read') ? 'allowed' : 'never';
  }
  if (!WRITABLE.some((pattern) => pattern.test(path))) return 'not-writable';
  return scopes.includes('write') ? 'allowed' : 'write-scope-missing';
}
