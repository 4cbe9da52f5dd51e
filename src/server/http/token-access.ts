import { createMiddleware } from 'hono/factory';
import { tokenAccess } from '../../core/api-tokens/token-access.ts';
import { bearerOf } from '../../core/api-tokens/token-schema.ts';
import { AppError } from '../platform/app-error.ts';
import type { AppBindings } from './context.ts';
import { sessionOf } from './session.ts';

/**
 * Every /api request that carries `Authorization: Bearer`: a token that is missing, malformed,
 * unknown, expired or revoked gets the same 401; a valid one goes only where its scopes allow
 * (core/api-tokens/token-access.ts), else 403 (decision 275).
 */
export const limitApiTokens = createMiddleware<AppBindings>(async (c, next) => {
  if (bearerOf(c.req.header('authorization')) === undefined) return next();
  const check = await sessionOf(c);
  if (check.status !== 'valid' || !check.apiToken) throw new AppError('UNAUTHENTICATED');
  const access = tokenAccess(c.req.method, c.req.path, check.apiToken.scopes);
  if (access === 'write-scope-missing') throw new AppError('FORBIDDEN', { message: 'This token can only read: create one with the write scope.' });
  if (access !== 'allowed') throw new AppError('FORBIDDEN', { message: 'API tokens cannot be used here.' });
  return next();
});
