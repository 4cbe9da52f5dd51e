import { Hono } from 'hono';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { premiumOnly } from '../../http/require-premium.ts';
import { founderInsights, type InsightsAnswer } from './service.ts';
import { documented } from '../../http/route-doc.ts';

/**
 * The signed-in founder's weekly insights; there is no way to ask for anyone else's.
 * Premium (docs/product.md#tiers-and-trial): 403 PREMIUM_REQUIRED on tier 1.
 */
export const insightRoutes = new Hono<AppBindings>().use(requireUser).get(
  '/',
  documented({
    summary:
      'The founder’s insights this week (at most three, most urgent first): runway under its target, a metric newly off target, churn rising, growth stalling, a completed task’s metric moving, last week not recorded',
    tag: 'metrics',
  }),
  premiumOnly,
  async (c) => c.json({ insights: await founderInsights(c.get('deps').db, c.get('user').id) } satisfies InsightsAnswer),
);
