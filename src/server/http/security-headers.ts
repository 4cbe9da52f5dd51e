import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Scripts come only from our origin (no inline scripts: the theme and language are put
 * into the HTML by the server instead); inline styles are allowed because React and the
 * chart library set style attributes.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The security headers of every response: API, pages and Better Auth's alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);
/** Only a server reached over https may tell browsers to insist on it; on plain http it means nothing, or locks a dev host out. */
const STRICT_TRANSPORT = 'max-age=31536000; includeSubDomains';

type Listener<Request, Response> = (request: Request, response: Response) => unknown;

/**
 * Sets the security headers on the Node response before the app answers; a header the app
 * sets itself wins (`writeHead` merges over these). They live at this layer, not in Hono
 * middleware, because a native `setHeader` is cheap while `hono/secure-headers` rebuilt every
 * response's Headers after the handler: it halved the throughput of a cached authenticated
 * read (bench/session-check).
 */
export function withSecurityHeaders<Request extends IncomingMessage, Response extends ServerResponse>(
  listener: Listener<Request, Response>,
  options: { https: boolean },
): Listener<Request, Response> {
  return (request, response) => {
    for (const [name, value] of HEADER_ENTRIES) response.setHeader(name, value);
    if (options.https) response.setHeader('strict-transport-security', STRICT_TRANSPORT);
    // API answers are about the signed-in founder: no browser or proxy keeps a copy. A
    // route that may be cached says so itself (its header wins).
    if (request.url?.startsWith('/api/')) response.setHeader('cache-control', 'no-store');
    return listener(request, response);
  };
}
