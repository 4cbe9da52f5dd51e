import { Hono } from 'hono';
import { publicAuthProviders } from '../../auth/providers.ts';
import type { AppBindings } from '../../http/context.ts';
import { documented } from '../../http/route-doc.ts';

/**
 * GET /api/auth-providers: which sign-in buttons the /auth page shows (Google only
 * when its credentials are set, the OIDC provider by its name). Public, no secrets.
 */
export const authProviderRoutes = new Hono<AppBindings>().get(
  '/',
  documented({ summary: 'Which sign-in buttons to show: { google, oidc: { id, name } | null }', tag: 'auth', public: true }),
  (c) => c.json(publicAuthProviders(c.get('deps').env)),
);
