import { Hono } from 'hono';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { founderInsights, type InsightsAnswer } from './service.ts';

/** The signed-in founder's weekly insights; there is no way to ask for anyone else's. */
export const insightRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', async (c) => c.json({ insights: await founderInsights(c.get('deps').db, c.get('user').id) } satisfies InsightsAnswer));
