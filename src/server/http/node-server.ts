import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { withSecurityHeaders } from './security-headers.ts';

type Fetch = Parameters<typeof getRequestListener>[0];

/**
 * The HTTP server that serves the app (not yet listening): Hono's Node adapter, with the
 * security headers; `https` when the public origin (APP_URL) is https.
 */
export function createNodeServer(fetch: Fetch, options: { hostname?: string; https: boolean }): Server {
  return createServer(withSecurityHeaders(getRequestListener(fetch, { hostname: options.hostname }), { https: options.https }));
}
