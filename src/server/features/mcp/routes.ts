import { Hono } from 'hono';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../core/i18n/language.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { documented } from '../../http/route-doc.ts';
import { mcpChallenge } from '../oauth/index.ts';
import { sessionOf } from '../../http/session.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';

/** The app itself, called in-process by the tools (rest.ts). */
export type InProcess = (request: Request, bindings: unknown) => Promise<Response>;

/**
 * /mcp: Rumbo as an MCP server over Streamable HTTP (docs/api.md, decision 276), for a personal
 * API token. Stateless: every POST carries its JSON-RPC message and is answered as JSON. Each
 * request counts against the token's MCP limit (429 with Retry-After); each tool call is then the
 * REST call a script would make, with the same rules.
 */
export function mcpRoutes(app: InProcess) {
  return new Hono<AppBindings>().all(
    '/',
    documented({ summary: 'MCP (Streamable HTTP) for a personal API token: tools and resources over the founder’s data (POST; 401 without a token)', tag: 'api-tokens' }),
    async (c) => {
      const check = await sessionOf(c);
      if (check.status !== 'valid' || !check.apiToken) {
        // RFC 9728: the client finds the authorization server from here (decision 277).
        c.header('WWW-Authenticate', mcpChallenge(c.get('deps').env.appUrl));
        throw new AppError('UNAUTHENTICATED');
      }
      await enforceRateLimit(c, 'mcpRequest');
      const deps = c.get('deps');
      const profile = await deps.profiles.get(deps.db, check.user.id);
      const language = LANGUAGES.find((candidate) => candidate === profile?.preferredLanguage) ?? DEFAULT_LANGUAGE;
      // The MCP SDK loads with the first call, not at start (decision 304).
      const { answerMcp } = await import('./mcp-server.ts');
      return answerMcp(c.req.raw, { app: (request) => app(request, c.env), origin: deps.env.appUrl, scopes: check.apiToken.scopes, language });
    },
  );
}
