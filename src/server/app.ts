import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { buildOpenApiDocument } from './openapi/openapi-document.ts';
import { referencePageHtml } from './openapi/reference-page.ts';
import { gamificationRoutes } from './features/gamification/routes.ts';
import { communityRoutes } from './features/community/routes.ts';
import { authProviderRoutes } from './features/auth-providers/routes.ts';
import { aiConsentRoutes } from './features/ai-consent/routes.ts';
import { geoRoutes } from './features/geo/routes.ts';
import { createGeolocator } from './platform/geo.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { contextRoutes } from './features/ai-context/routes.ts';
import { downloadRoutes } from './features/ai-context/download-routes.ts';
import { feedbackRoutes } from './features/feedback/routes.ts';
import { tourRoutes } from './features/tours/routes.ts';
import { insightRoutes } from './features/insights/routes.ts';
import { weeklyEmailRoutes } from './features/weekly-email/routes.ts';
import { mentorRoutes } from './features/mentor/routes.ts';
import { onboardingRoutes } from './features/onboarding/routes.ts';
import { referralRoutes } from './features/referrals/index.ts';
import { profileRoutes } from './features/profile/routes.ts';
import { strategyRoutes } from './features/strategy/routes.ts';
import { taskRoutes } from './features/tasks/routes.ts';
import { investorListRoutes, investorUpdateRoutes, scenarioRoutes, sharedUpdateRoutes } from './features/reports/index.ts';
import { handleAuthRequest } from './http/auth-requests.ts';
import { accountRoutes } from './features/account/routes.ts';
import { apiTokenRoutes } from './features/api-tokens/index.ts';
import { mcpRoutes } from './features/mcp/routes.ts';
import { oauthEndpoints, oauthRoutes } from './features/oauth/index.ts';
import { OAuthError } from './features/oauth/oauth-error.ts';
import { subscriptionRoutes } from './features/subscription/routes.ts';
import { webhookRoutes } from './features/subscription/webhook-routes.ts';
import { adminRoutes } from './features/admin/routes.ts';
import { signInLinkRoutes } from './features/admin/sign-in-link-routes.ts';
import { featureFlagRoutes } from './features/flags/index.ts';
import { impersonationRoutes } from './features/impersonation/routes.ts';
import { refuseWritesWhileImpersonating } from './features/impersonation/read-only.ts';
import { sessionRoutes } from './features/session/routes.ts';
import { measureRequests, metricsEndpoint } from './features/telemetry/routes.ts';
import { AppError } from './platform/app-error.ts';
import { outageCode } from './http/outage.ts';
import { readyHandler } from './platform/readiness.ts';
import type { AppBindings, AppDeps } from './http/context.ts';
import { requireSameOrigin } from './http/same-origin.ts';
import { requireReadableBody } from './http/content-type.ts';
import { requirePrintablePath } from './http/path-guard.ts';
import { limitApiTokens } from './http/token-access.ts';
import { forgetUserAfterWrites } from './http/session.ts';
import { generalRateLimit, isWriteMethod } from './http/rate-limit.ts';
import { spaHandler } from './http/spa.ts';
import { createFirstScreenDrawer, readAsVisitor } from './http/first-screen.ts';
import { apiGuide } from './http/api-guide.ts';
import { documented } from './http/route-doc.ts';
import { boundedText } from './logger.ts';

/** JSON bodies over 1 MB are refused before they are read (issue: bad input). */
const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Multipart bodies on the upload routes (AI context files, files into a mentor
 * conversation, feedback images), which set their own, larger limit so an oversized file is
 * reported with the product's reason rather than refused as a whole request.
 */
const UPLOAD_PATH = /^\/api\/(context(\/|$)|mentor\/conversations\/([^/]+\/)?files$|feedback$)/;
const isFileUpload = (path: string, contentType: string | undefined) =>
  UPLOAD_PATH.test(path) && (contentType ?? '').toLowerCase().startsWith('multipart/form-data');

/** Builds the whole HTTP app from its dependencies; main.ts serves it, tests call it directly. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppBindings>();
  const geolocator = createGeolocator({ services: deps.env.geoServices, timeoutMs: deps.env.geoTimeoutMs, logger: deps.logger });

  // Every answer counts: rate, errors and latency per route pattern (docs/decisions/189-telemetry.md).
  // One middleware with the deps, not two: each layer of Hono's chain is an async hop on every request.
  app.use((c, next) => {
    c.set('deps', deps);
    return measureRequests(c, next);
  });
  const limitBody = bodyLimit({
    maxSize: JSON_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE');
    },
  });
  // The body limit only for requests that carry a body (asking a GET for its body makes the
  // Node adapter build a whole fetch Request, the largest cost of a cached authenticated read);
  // file uploads set their own, larger limit on their routes. Then ids, versions, weeks and
  // tokens with characters no row can hold name nothing: 404 before any route. Both in one
  // middleware, as one layer of the chain.
  app.use('/api/*', (c, next) =>
    isWriteMethod(c.req.method) && !isFileUpload(c.req.path, c.req.header('content-type'))
      ? limitBody(c, () => requirePrintablePath(c, next))
      : requirePrintablePath(c, next),
  );

  app.get('/api/health', documented({ summary: 'Liveness and the database driver in use', tag: 'system', public: true }), (c) => c.json({ status: 'ok', database: deps.driver }));
  // Readiness for balancers: the database, Redis when configured, the listener, not stopping (decision 265).
  app.get('/api/ready', documented({ summary: 'Readiness: 200 when this instance can serve, 503 naming the part that is down', tag: 'system', public: true }), (c) =>
    readyHandler(c, deps.db, deps.readiness),
  );
  // Prometheus' scrape (a METRICS_TOKEN bearer or an admin session); a browser gets the Metrics page.
  app.get('/metrics', metricsEndpoint);
  // Read from the routes' own declarations once they are all registered (decision 146).
  let openApiDocument: ReturnType<typeof buildOpenApiDocument> | undefined;
  const apiDocument = () => (openApiDocument ??= buildOpenApiDocument(app.routes, deps.env.appUrl));
  app.get('/api/openapi.json', documented({ summary: 'This document', tag: 'system', public: true }), (c) => c.json(apiDocument()));
  // The same document as a page to read, while developing only (decision 295).
  if (deps.env.nodeEnv === 'development') {
    app.get('/api/docs', documented({ summary: 'This document as a page to read (NODE_ENV=development only)', tag: 'system', public: true, answers: 'text/html' }), (c) =>
      c.html(referencePageHtml(apiDocument())),
    );
  }
  // The features' routes are chained so that their types add up to `AppType`, which the web's typed client reads (decision 282).
  const publicApi = app
    .route('/api/auth-providers', authProviderRoutes)
    // The signed link is the credential, and a mail client's one-click POST comes from no page of ours.
    .route('/api/reminders', weeklyEmailRoutes)
    // Signed by Stripe, not sent by a browser: before the same-origin check and the founders' rate limit.
    .route('/api/webhooks', webhookRoutes);
  const guardRequest = every(
    // CSRF: every state-changing call, Better Auth's included (it leaves some unchecked).
    requireSameOrigin,
    // A body only in an encoding its route reads: no form-like "simple request" (decision 245).
    requireReadableBody,
    // Personal API tokens: 401 for a bad one, 403 where a token may not go (decision 275).
    limitApiTokens,
    // An admin viewing the app as a founder changes nothing (decision 023).
    refuseWritesWhileImpersonating,
  );
  // Each of these guards only writes and bearer tokens: a read with a cookie (most requests)
  // skips them in one test rather than passing through four middlewares that let it by.
  app.use('/api/*', (c, next) => (isWriteMethod(c.req.method) || c.req.header('authorization') !== undefined ? guardRequest(c, next) : next()));
  // Better Auth limits its own routes (rate-limit/auth-rules.ts).
  app.on(['GET', 'POST'], '/api/auth/*', handleAuthRequest);
  // Every feature route: the general limit (docs/product.md#rate-limits), and a write's news for
  // every instance; one layer of the chain.
  app.use('/api/*', (c, next) => generalRateLimit(c, () => forgetUserAfterWrites(c, next)));
  const api = publicApi
    .route('/api/session', sessionRoutes)
    .route('/api/admin', adminRoutes)
    .route('/api/sign-in-links', signInLinkRoutes)
    .route('/api/feature-flags', featureFlagRoutes)
    .route('/api/impersonation', impersonationRoutes)
    .route('/api/account', accountRoutes)
    .route('/api/tokens', apiTokenRoutes)
    .route('/api/oauth', oauthRoutes)
    .route('/api/subscription', subscriptionRoutes)
    // Before /api/me, so that its session check is not run twice.
    .route('/api/me/gamification', gamificationRoutes)
    .route('/api/me', profileRoutes)
    .route('/api/onboarding', onboardingRoutes)
    .route('/api/tasks', taskRoutes)
    .route('/api/strategy', strategyRoutes)
    .route('/api/geo', geoRoutes(geolocator))
    .route('/api/metrics', metricsRoutes)
    .route('/api/ai', aiConsentRoutes)
    .route('/api/mentor', mentorRoutes)
    .route('/api/context', contextRoutes)
    .route('/api/files', downloadRoutes)
    .route('/api/feedback', feedbackRoutes)
    .route('/api/referrals', referralRoutes)
    .route('/api/tours', tourRoutes)
    .route('/api/insights', insightRoutes)
    .route('/api/community', communityRoutes)
    .route('/api/reports/investor-updates', investorUpdateRoutes)
    .route('/api/reports/shared', sharedUpdateRoutes)
    .route('/api/reports/scenarios', scenarioRoutes)
    .route('/api/reports/investors', investorListRoutes);

  // MCP for assistants (decision 276): its tools call the routes above in-process, with the same token.
  app.use('/mcp', limitBody);
  app.route('/mcp', mcpRoutes((request, bindings) => Promise.resolve(app.fetch(request, bindings as never))));
  // OAuth 2.1 for remote MCP clients (decision 277): discovery, registration, authorization, tokens.
  app.use('/oauth/*', limitBody);
  app.route('/', oauthEndpoints);

  app.get('/docs/api.md', apiGuide);

  app.all('/api/*', () => {
    throw new AppError('NOT_FOUND');
  });
  // A signed-in page's first screen is drawn with the founder's data, from these same routes read in-process (decision 315).
  const drawFirstScreen = createFirstScreenDrawer(deps.env.clientDir, (error) => deps.logger.warn({ err: error }, 'a first screen could not be drawn'));
  app.use('*', spaHandler(deps.env.clientDir, geolocator, drawFirstScreen && { draw: drawFirstScreen, readOwn: (c) => readAsVisitor(app, c) }));

  app.notFound((c) => c.json(new AppError('NOT_FOUND').toBody(), 404));
  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toBody(), error.status);
    if (error instanceof OAuthError) return c.json(error.toBody(), error.status);
    if (error instanceof HTTPException && error.status < 500) {
      const code = error.status === 413 ? 'PAYLOAD_TOO_LARGE' : error.status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
      const appError = new AppError(code);
      return c.json(appError.toBody(), appError.status);
    }
    // The database or Redis is out: 503 with a code, so clients and balancers retry (decision 266).
    const outage = outageCode(error);
    if (outage) {
      deps.logger.warn({ err: error, path: c.req.path, method: c.req.method, code: outage }, 'request refused during an outage');
      c.header('Retry-After', '5');
      const appError = new AppError(outage);
      return c.json(appError.toBody(), appError.status);
    }
    // Unexpected: log everything, tell the client nothing it could use against us.
    deps.logger.error({ err: error, path: boundedText(c.req.path), method: c.req.method }, 'unhandled error');
    return c.json(new AppError('INTERNAL').toBody(), 500);
  });

  // The same object as `app`, typed with every route it chains.
  return api;
}

export type App = ReturnType<typeof createApp>;
/** Every feature's API route with what it answers, as Hono infers it from the chained routes: the web's typed client reads it (`src/web/lib/api-routes.ts`). */
export type AppType = App;
