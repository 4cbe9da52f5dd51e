import { type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders, ServerResponse } from 'node:http';

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

/** The security headers of pages, and of any answer a browser could show as a document. */
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

/**
 * The security headers of an API answer in JSON (or with no body), the set OWASP's REST
 * guidance names: nothing in it is a document to run scripts, embed or isolate, so the
 * headers that only matter to documents are left off (docs/decisions/309-api-security-headers.md).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': SECURITY_HEADERS['referrer-policy']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

const HEADER_ENTRIES = Object.entries(SECURITY_HEADERS);
const API_HEADER_ENTRIES = Object.entries(API_SECURITY_HEADERS);
/** Only a server reached over https may tell browsers to insist on it; on plain http it means nothing, or locks a dev host out. */
const STRICT_TRANSPORT = 'max-age=31536000; includeSubDomains';

type Listener<Request, Response> = (request: Request, response: Response) => unknown;

type HeadersGiven = OutgoingHttpHeaders | OutgoingHttpHeader[] | undefined;

/** The content type among the headers `writeHead` was given, or set before; undefined when there is none. */
function contentTypeOf(response: ServerResponse, given: HeadersGiven): string | undefined {
  if (given && !Array.isArray(given)) {
    for (const name in given) if (name.length === 12 && name.toLowerCase() === 'content-type') return String(given[name]);
  } else if (given) {
    // A flat or paired list: rare (no route of ours writes one); read it whole.
    const flat = given.flat();
    for (let index = 0; index < flat.length - 1; index += 2) if (String(flat[index]).toLowerCase() === 'content-type') return String(flat[index + 1]);
  }
  const set = response.getHeader('content-type');
  return set === undefined ? undefined : String(set);
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;
const plainWriteHead = ServerResponse.prototype.writeHead;

/**
 * A Node response that, on an API request, completes the API headers with the documents' ones
 * when the answer turns out to be something a browser could show (a page under /api, a CSV, a
 * file): only `writeHead` knows the answer's type. Headers the app gives win, as before.
 */
export class SecuredResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Set by withSecurityHeaders when only the API set is on so far. */
  apiHeadersOnly = false;
}

SecuredResponse.prototype.writeHead = function writeHead(this: SecuredResponse, statusCode: number, reasonOrHeaders?: string | HeadersGiven, headers?: HeadersGiven) {
  if (this.apiHeadersOnly) {
    this.apiHeadersOnly = false;
    const type = contentTypeOf(this, typeof reasonOrHeaders === 'string' ? headers : reasonOrHeaders);
    if (type !== undefined && !JSON_TYPE.test(type)) for (const [name, value] of HEADER_ENTRIES) this.setHeader(name, value);
  }
  return Reflect.apply(plainWriteHead, this, [statusCode, reasonOrHeaders, headers]) as SecuredResponse;
} as unknown as SecuredResponse['writeHead'];

/**
 * Sets the security headers on the Node response before the app answers; a header the app
 * sets itself wins (`writeHead` merges over these). They live at this layer, not in Hono
 * middleware, because a native `setHeader` is cheap while `hono/secure-headers` rebuilt every
 * response's Headers after the handler: it halved the throughput of a cached authenticated
 * read (bench/session-check). An API request on a SecuredResponse starts with the API set
 * alone (each header is a cost on every read); its `writeHead` adds the documents' set to an
 * answer that is not JSON.
 */
export function withSecurityHeaders<Request extends IncomingMessage, Response extends ServerResponse>(
  listener: Listener<Request, Response>,
  options: { https: boolean },
): Listener<Request, Response> {
  return (request, response) => {
    const api = request.url?.startsWith('/api/') === true;
    if (api && response instanceof SecuredResponse) {
      for (const [name, value] of API_HEADER_ENTRIES) response.setHeader(name, value);
      response.apiHeadersOnly = true;
    } else {
      for (const [name, value] of HEADER_ENTRIES) response.setHeader(name, value);
    }
    if (options.https) response.setHeader('strict-transport-security', STRICT_TRANSPORT);
    // API answers are about the signed-in founder: no browser or proxy keeps a copy. A
    // route that may be cached says so itself (its header wins).
    if (api) response.setHeader('cache-control', 'no-store');
    return listener(request, response);
  };
}
