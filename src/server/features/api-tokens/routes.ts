import { Hono } from 'hono';
import { CreateTokenInput } from '../../../core/api-tokens/token-schema.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';
import { requestContext } from '../../platform/audit.ts';
import { type ApiTokenView, createApiToken, listApiTokens, revokeApiToken } from './service.ts';

/** GET /api/tokens. */
export type ApiTokenList = { tokens: ApiTokenView[] };

/**
 * /api/tokens: the founder's personal API tokens (docs/api.md). Managed from a signed-in
 * browser only: a token on these routes gets 403 (http/token-access.ts), so a leaked token
 * can neither mint another nor revoke its founder's.
 */
export const apiTokenRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'Your personal API tokens with their scopes, expiry and last use (never the token)', tag: 'api-tokens' }), async (c) =>
    c.json({ tokens: await listApiTokens(c.get('deps').db, c.get('user').id) } satisfies ApiTokenList),
  )
  .post(
    '/',
    documented({ summary: 'Create a personal API token ({ name, scopes: ["read"] | ["read","write"], expiresInDays? }); the token is in this answer only', tag: 'api-tokens' }),
    jsonBody(CreateTokenInput),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(await createApiToken(c.get('deps').db, c.get('user').id, input, requestContext(c.req.raw, clientAddress(c))), 201);
    },
  )
  .delete('/:id', documented({ summary: 'Revoke a token at once, on every instance', tag: 'api-tokens' }), async (c) => {
    const { db, bus } = c.get('deps');
    await revokeApiToken(db, bus, c.get('user').id, c.req.param('id'), requestContext(c.req.raw, clientAddress(c)));
    return c.body(null, 204);
  });
