import { Hono } from 'hono';
import { ConsentInput } from '../../../core/mentor/mentor-schema.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { setAiConsent } from './service.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';

/** POST /api/ai/consent { granted }: grant or revoke AI consent. */
export const aiConsentRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .post('/consent', documented({ summary: 'Grant or revoke AI consent ({ granted }); answers the profile', tag: 'ai' }), jsonBody(ConsentInput), async (c) => {
    const { granted } = c.req.valid('json');
    return c.json(await setAiConsent(c.get('deps').db, c.get('user').id, granted));
  });
