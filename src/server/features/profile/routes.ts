import { Hono } from 'hono';
import { ProfileUpdateInput } from '../../../core/profile/profile-settings.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { getMeJsonCached, placeholderMe, updateMe } from './service.ts';
import { AppError } from '../../platform/app-error.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';
import { hotJson } from '../../http/hot-json.ts';

/** GET/PATCH /api/me: the signed-in founder's own profile, never anyone else's. */
export const profileRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'The signed-in founder’s profile, trial and role', tag: 'profile' }), async (c) => {
    const { db, profiles } = c.get('deps');
    try {
      const json = await getMeJsonCached(db, profiles, c.get('user').id, c.get('role'), c.get('deps').settings.current().trialDays);
      return hotJson(c, json);
    } catch (error) {
      // An admin viewing as a founder who has no profile sees the placeholder profile, not a broken page.
      const check = c.get('sessionCheck');
      if (error instanceof AppError && error.code === 'NOT_FOUND' && check.status === 'valid' && check.impersonation) {
        return c.json(placeholderMe(c.get('user'), c.get('role')));
      }
      throw error;
    }
  })
  .patch('/', documented({ summary: 'Update profile fields and settings (sanitised)', tag: 'profile' }), jsonBody(ProfileUpdateInput), async (c) => {
    const { db } = c.get('deps');
    const changes = c.req.valid('json');
    return c.json(await updateMe(db, c.get('user').id, changes, c.get('deps').settings.current().trialDays));
  });
