/** What other parts use of personal API tokens: the routes; what the browser reads: the answers' types. */
export { apiTokenRoutes } from './routes.ts';
export type { ApiTokenList } from './routes.ts';
export type { ApiTokenView, CreatedApiToken } from './service.ts';
