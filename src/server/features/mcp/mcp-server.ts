import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListResourcesRequestSchema, ListToolsRequestSchema, McpError, ReadResourceRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Language } from '../../../core/i18n/language.ts';
import { type Rest, restFor } from './rest.ts';
import { parseArguments } from './tool-errors.ts';
import { MCP_TOOLS } from './tools.ts';

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
 * Answers one MCP request (a JSON-RPC message) for this founder, their token's scopes and
 * language; its tools call `app` in-process with the request's own bearer.
 */
export async function answerMcp(
  request: Request,
  caller: { app: (request: Request) => Promise<Response>; origin: string; scopes: readonly string[]; language: Language },
): Promise<Response> {
  const rest = restFor(caller.app, caller.origin, request.headers);
  const server = mcpServer(rest, caller.scopes, caller.language);
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    await server.close();
  }
}
