/** What other parts use of OAuth for MCP clients: the routes, the 401 challenge; what the browser reads: the answers' types. */
export { mcpChallenge, oauthEndpoints } from './endpoints.ts';
export { oauthRoutes } from './routes.ts';
export type { ConnectedAppList, ConsentAnswer, ConsentRequest } from './routes.ts';
