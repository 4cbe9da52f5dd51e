import { createMiddleware } from 'hono/factory';
import { requirePremium } from '../platform/premium.ts';
import type { AppBindings } from './context.ts';

/** After requireUser: the whole route is tier 2 (403 PREMIUM_REQUIRED below it; the trial counts). */
export const premiumOnly = createMiddleware<AppBindings>(async (c, next) => {
  await requirePremium(c.get('deps').db, c.get('user').id, c.get('deps').settings.current().trialDays);
  await next();
});
