import { Hono } from 'hono';
import { publicAuthProviders } from '../../auth/providers.ts';
import type { AppBindings } from '../../http/context.ts';

/**
 * GET /api/auth-providers: which sign-in buttons the /auth page shows (Google only
 * when its credentials are set, the OIDC provider by its name). Public, no secrets.
 */
export const authProviderRoutes = new Hono<AppBindings>().get('/', (c) => {
  c.header('Cache-Control', 'no-cache');
  return c.json(publicAuthProviders(c.get('deps').env));
});
