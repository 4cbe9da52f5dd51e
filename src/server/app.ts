import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { onboardingRoutes } from './features/onboarding/routes.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { CLIENT_IP_HEADER } from './auth/auth.ts';
import { AppError } from './http/app-error.ts';
import { clientAddress } from './http/client-address.ts';
import type { AppBindings, AppDeps } from './http/context.ts';
import { securityHeaders } from './http/security-headers.ts';
import { spaHandler } from './http/spa.ts';

/** JSON bodies over 1 MB are refused before they are read (issue: bad input). */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** The request as Better Auth sees it: the client address is ours, never the client's word. */
function withClientIp(request: Request, address: string | undefined) {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (address) headers.set(CLIENT_IP_HEADER, address);
  return new Request(request, { headers });
}

/** Builds the whole HTTP app from its dependencies; main.ts serves it, tests call it directly. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppBindings>();

  app.use(securityHeaders);
  app.use(async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: JSON_BODY_LIMIT_BYTES,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE');
      },
    }),
  );

  app.get('/api/health', (c) => c.json({ status: 'ok', database: deps.driver }));
  app.on(['GET', 'POST'], '/api/auth/*', (c) => deps.auth.handler(withClientIp(c.req.raw, clientAddress(c))));
  app.route('/api/me', profileRoutes);
  app.route('/api/onboarding', onboardingRoutes);

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND');
  });
  app.use('*', spaHandler(deps.env.clientDir));

  app.notFound((c) => c.json(new AppError('NOT_FOUND').toBody(), 404));
  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 413 ? 'PAYLOAD_TOO_LARGE' : error.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      const appError = new AppError(code);
      return c.json(appError.toBody(), appError.status);
    }
    // Unexpected: log everything, tell the client nothing it could use against us.
    deps.logger.error({ err: error, path: c.req.path, method: c.req.method }, 'unhandled error');
    return c.json(new AppError('INTERNAL').toBody(), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
