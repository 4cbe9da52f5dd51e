import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { type HotReads, withHotReads } from './hot-reads.ts';
import { SecuredResponse, withSecurityHeaders } from './security-headers.ts';

type Fetch = Parameters<typeof getRequestListener>[0];

/**
 * The HTTP server that serves the app (not yet listening): Hono's Node adapter, with the
 * security headers; `https` when the public origin (APP_URL) is https; with `hotReads`, the
 * founders' busiest reads are answered again before the app (http/hot-reads.ts).
 */
export function createNodeServer(fetch: Fetch, options: { hostname?: string; https: boolean; hotReads?: HotReads }): Server {
  const app = getRequestListener(fetch, { hostname: options.hostname });
  // An idle keep-alive connection is kept longer than a client or balancer keeps its own (Node's
  // 5 s default lost the race with a client reusing the socket: ECONNRESET on a plain GET).
  // Shutdown closes idle connections itself (start-server.ts).
  return createServer(
    { keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1_000, ServerResponse: SecuredResponse },
    withSecurityHeaders(options.hotReads ? withHotReads(app, options.hotReads) : app, { https: options.https }),
  );
}

/** How long an idle keep-alive connection stays open: above the 60 s idle timeout balancers commonly use. */
const KEEP_ALIVE_MS = 65_000;
