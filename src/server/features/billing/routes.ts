import { type Context, Hono } from 'hono';
import { EndPremiumInput, PortalInput, SwitchPlanInput, UpgradeInput } from '../../../core/subscription/subscription-input.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody } from '../../http/validate.ts';
import type { Founder } from './provider.ts';
import { sameOriginUrl, subscriptionView } from './service.ts';

/** Where Checkout and the Customer Portal come back to by default. */
const SUBSCRIPTION_PATH = '/subscription';

const founderOf = (c: Context<AppBindings>): Founder => ({ id: c.get('user').id, email: c.get('user').email });

/** The founder's subscription after a change (or as it is). */
async function view(c: Context<AppBindings>) {
  const { db, env, billing } = c.get('deps');
  return subscriptionView(db, c.get('user').id, { trialDays: env.trialDays, provider: billing.kind });
}

/**
 * /api/subscription: the signed-in founder's own plan (docs/billing.md#api). No route takes
 * a founder's id: every change is to the caller's subscription, and a body naming anything
 * else is refused whole.
 */
export const subscriptionRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', async (c) => c.json(await view(c)))
  .post('/upgrade', async (c) => {
    const { plan, returnUrl } = await parseJsonBody(c, UpgradeInput);
    const { env, billing } = c.get('deps');
    const back = sameOriginUrl(env.appUrl, returnUrl, SUBSCRIPTION_PATH);
    const { redirectUrl } = await billing.upgrade(founderOf(c), plan, back);
    return c.json({ redirectUrl, subscription: await view(c) });
  })
  .post('/plan', async (c) => {
    const { plan } = await parseJsonBody(c, SwitchPlanInput);
    await c.get('deps').billing.switchPlan(founderOf(c), plan);
    return c.json(await view(c));
  })
  .post('/downgrade', async (c) => {
    const { when } = await parseJsonBody(c, EndPremiumInput);
    await c.get('deps').billing.end(founderOf(c), when, 'downgrade');
    return c.json(await view(c));
  })
  .post('/cancel', async (c) => {
    const { when } = await parseJsonBody(c, EndPremiumInput);
    await c.get('deps').billing.end(founderOf(c), when, 'cancel');
    return c.json(await view(c));
  })
  .post('/reactivate', async (c) => {
    await c.get('deps').billing.reactivate(founderOf(c));
    return c.json(await view(c));
  })
  .post('/checkout/:sessionId', async (c) => {
    await c.get('deps').billing.confirmCheckout(founderOf(c), c.req.param('sessionId'));
    return c.json(await view(c));
  })
  .get('/invoices', async (c) => c.json({ invoices: await c.get('deps').billing.invoices(founderOf(c)) }))
  .post('/portal', async (c) => {
    const { returnUrl } = await parseJsonBody(c, PortalInput);
    const { env, billing } = c.get('deps');
    return c.json({ url: await billing.portalUrl(founderOf(c), sameOriginUrl(env.appUrl, returnUrl, SUBSCRIPTION_PATH)) });
  });
