import { Hono } from 'hono';
import { ACHIEVEMENT_KEYS, SeenInput } from '../../../core/gamification/achievements.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { getGamification, markBadgesSeen } from './service.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';

/** GET /api/me/gamification; POST …/seen once the unlock toasts have been shown. */
export const gamificationRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'Points, level, streak, badges and the points ledger', tag: 'gamification' }), async (c) =>
    c.json(await getGamification(c.get('deps').db, c.get('user').id)),
  )
  .post('/seen', documented({ summary: 'Mark unlocked badges as announced', tag: 'gamification' }), jsonBody(SeenInput), async (c) => {
    const { badges } = c.req.valid('json');
    const { db } = c.get('deps');
    await markBadgesSeen(db, c.get('user').id, badges as (typeof ACHIEVEMENT_KEYS)[number][]);
    return c.json(await getGamification(db, c.get('user').id));
  });
