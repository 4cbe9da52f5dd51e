import { Hono } from 'hono';
import { ConsentInput } from '../../../core/mentor/mentor-schema.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { setAiConsent } from './service.ts';

/** POST /api/ai/consent { granted }: grant or revoke AI consent. */
export const aiConsentRoutes = new Hono<AppBindings>().use(requireUser).post('/consent', async (c) => {
  const { granted } = await parseJsonBody(c, ConsentInput);
  return c.json(await setAiConsent(c.get('deps').db, c.get('user').id, granted));
});
