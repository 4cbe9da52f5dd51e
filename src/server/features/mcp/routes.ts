import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { Hono } from 'hono';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from '../../../core/i18n/language.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { documented } from '../../http/route-doc.ts';
import { sessionOf } from '../../http/session.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { type Rest, restFor } from './rest.ts';
import { parseArguments } from './tool-errors.ts';
import { MCP_TOOLS } from './tools.ts';

/** The app itself, called in-process by the tools (rest.ts). */
export type InProcess = (request: Request, bindings: unknown) => Promise<Response>;

const SERVER_INFO = { name: 'rumbo', version: '1.0.0' };

const RESOURCES = [
  { uri: 'rumbo://profile', name: 'profile', mimeType: 'application/json', path: '/api/me', description: { en: "The founder's profile", 'es-LA': 'El perfil del fundador' } },
  { uri: 'rumbo://weeks/latest', name: 'latest-week', mimeType: 'application/json', path: '/api/metrics/weeks', description: { en: 'The latest recorded week', 'es-LA': 'La semana registrada más reciente' } },
] as const;

const jsonSchemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { type: 'object'; [key: string]: unknown };

/** One MCP server per request (stateless Streamable HTTP): the founder, their scopes and language are fixed for it. */
function mcpServer(rest: Rest, scopes: readonly string[], language: Language) {
  const server = new Server(SERVER_INFO, { capabilities: { tools: {}, resources: {} } });
  const tools = MCP_TOOLS.filter((tool) => scopes.includes(tool.scope));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description[language], inputSchema: jsonSchemaOf(tool.input) })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = MCP_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    if (!scopes.includes(tool.scope)) throw new McpError(ErrorCode.InvalidParams, `${tool.name} needs a token with the write scope`);
    const args = parseArguments(tool.input, request.params.arguments);
    const answer = await tool.run(rest, args as never, language);
    if ('question' in answer) return { content: [{ type: 'text', text: answer.question }], isError: true };
    return { content: [{ type: 'text', text: JSON.stringify(answer.data) }], structuredContent: { result: answer.data } };
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: RESOURCES.map(({ uri, name, mimeType, description }) => ({ uri, name, mimeType, description: description[language] })),
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const resource = RESOURCES.find((candidate) => candidate.uri === request.params.uri);
    if (!resource) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${request.params.uri}`);
    const body = await rest.json<unknown>('GET', resource.path);
    const value = resource.name === 'latest-week' ? ((body as unknown[])[0] ?? null) : body;
    return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: JSON.stringify(value) }] };
  });
  return server;
}

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
        c.header('WWW-Authenticate', 'Bearer realm="rumbo"');
        throw new AppError('UNAUTHENTICATED');
      }
      await enforceRateLimit(c, 'mcpRequest');
      const deps = c.get('deps');
      const profile = await deps.profiles.get(deps.db, check.user.id);
      const language = LANGUAGES.find((candidate) => candidate === profile?.preferredLanguage) ?? DEFAULT_LANGUAGE;
      const rest = restFor((request) => app(request, c.env), deps.env.appUrl, c.req.raw.headers);
      const server = mcpServer(rest, check.apiToken.scopes, language);
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw);
      } finally {
        await server.close();
      }
    },
  );
}
