import { Hono } from 'hono';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { requirePremium } from '../../platform/premium.ts';
import { founderInsights, type InsightsAnswer } from './service.ts';

/**
 * The signed-in founder's weekly insights; there is no way to ask for anyone else's.
 * Premium (docs/product.md#tiers-and-trial): 403 PREMIUM_REQUIRED on tier 1.
 */
export const insightRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', async (c) => {
    const { db, env } = c.get('deps');
    await requirePremium(db, c.get('user').id, env.trialDays);
    return c.json({ insights: await founderInsights(db, c.get('user').id) } satisfies InsightsAnswer);
  });
