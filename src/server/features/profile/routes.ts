import { Hono } from 'hono';
import { ProfileUpdateInput } from '../../../core/profile/profile-settings.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { getMeJsonCached, updateMe } from './service.ts';

/** GET/PATCH /api/me: the signed-in founder's own profile, never anyone else's. */
export const profileRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', async (c) => {
    const { db, env, profiles } = c.get('deps');
    const json = await getMeJsonCached(db, profiles, c.get('user').id, c.get('role'), env.trialDays);
    return c.body(json, 200, { 'content-type': 'application/json' });
  })
  .patch('/', async (c) => {
    const { db, env } = c.get('deps');
    const changes = await parseJsonBody(c, ProfileUpdateInput);
    return c.json(await updateMe(db, c.get('user').id, changes, env.trialDays));
  });
