import { createMiddleware } from 'hono/factory';
import { AppError } from './app-error.ts';
import type { AppBindings } from './context.ts';

/** Lets the request through only with a valid Better Auth session (401 otherwise). */
export const requireUser = createMiddleware<AppBindings>(async (c, next) => {
  const { auth } = c.get('deps');
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!result) throw new AppError('UNAUTHENTICATED');
  c.set('user', { id: result.user.id, email: result.user.email, name: result.user.name });
  c.set('sessionId', result.session.id);
  await next();
});
