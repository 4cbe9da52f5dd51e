import { type Context, Hono } from 'hono';
import { EndPremiumInput, PortalInput, SwitchPlanInput, UpgradeInput } from '../../../core/subscription/subscription-input.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import type { Founder, Invoices } from './provider.ts';
import { sameOriginUrl, subscriptionView } from './service.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';

/** Where Checkout and the Customer Portal come back to by default. */
const SUBSCRIPTION_PATH = '/subscription';

const founderOf = (c: Context<AppBindings>): Founder => ({ id: c.get('user').id, email: c.get('user').email });

/** The founder's subscription after a change (or as it is). */
async function view(c: Context<AppBindings>) {
  const { db, billing } = c.get('deps');
  return subscriptionView(db, c.get('user').id, { trialDays: c.get('deps').settings.current().trialDays, provider: billing.kind });
}

/**
 * /api/subscription: the signed-in founder's own plan (docs/billing.md#api). No route takes
 * a founder's id: every change is to the caller's subscription, and a body naming anything
 * else is refused whole.
 */
export const subscriptionRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get(
    '/',
    documented({
      summary: 'Your plan: phase (trialing, free, premium), plan, period, scheduled end, trial days left, prices, the upgrade bonus and the latest changes',
      tag: 'subscription',
    }),
    async (c) => c.json(await view(c)),
  )
  .post(
    '/upgrade',
    documented({
      summary:
        'Upgrade to Premium ({ plan: "monthly" | "annual", returnUrl? } on this origin): local provider at once (+50 points once ever), Stripe → { redirectUrl } to Checkout',
      tag: 'subscription',
    }),
    jsonBody(UpgradeInput),
    async (c) => {
      const { plan, returnUrl } = c.req.valid('json');
      const { env, billing } = c.get('deps');
      const back = sameOriginUrl(env.appUrl, returnUrl, SUBSCRIPTION_PATH);
      const { redirectUrl } = await billing.upgrade(founderOf(c), plan, back);
      return c.json({ redirectUrl, subscription: await view(c) });
    },
  )
  .post('/plan', documented({ summary: 'Switch monthly ⇄ annual from the next renewal ({ plan })', tag: 'subscription' }), jsonBody(SwitchPlanInput), async (c) => {
    const { plan } = c.req.valid('json');
    await c.get('deps').billing.switchPlan(founderOf(c), plan);
    return c.json(await view(c));
  })
  .post(
    '/downgrade',
    documented({ summary: 'Downgrade to Free ({ when: "now" | "period-end" }; Premium kept until the period ends; 409 NOT_SUBSCRIBED on Free)', tag: 'subscription' }),
    jsonBody(EndPremiumInput),
    async (c) => {
      const { when } = c.req.valid('json');
      await c.get('deps').billing.end(founderOf(c), when, 'downgrade');
      return c.json(await view(c));
    },
  )
  .post('/cancel', documented({ summary: 'Cancel Premium ({ when: "now" | "period-end" }; as a downgrade)', tag: 'subscription' }), jsonBody(EndPremiumInput), async (c) => {
    const { when } = c.req.valid('json');
    await c.get('deps').billing.end(founderOf(c), when, 'cancel');
    return c.json(await view(c));
  })
  .post('/reactivate', documented({ summary: 'Undo a scheduled downgrade or cancellation before the period ends', tag: 'subscription' }), async (c) => {
    await c.get('deps').billing.reactivate(founderOf(c));
    return c.json(await view(c));
  })
  .post(
    '/checkout/:sessionId',
    documented({ summary: 'Stripe: apply a completed Checkout session of yours on return (404 for anyone else’s, and with the local provider)', tag: 'subscription' }),
    async (c) => {
      await c.get('deps').billing.confirmCheckout(founderOf(c), c.req.param('sessionId'));
      return c.json(await view(c));
    },
  )
  .get('/invoices', documented({ summary: 'Stripe: your invoices ({ invoices }); empty with the local provider', tag: 'subscription' }), async (c) =>
    c.json({ invoices: await c.get('deps').billing.invoices(founderOf(c)) } satisfies Invoices),
  )
  .post(
    '/portal',
    documented({ summary: 'Stripe: a Customer Portal link to manage the card and invoices ({ returnUrl? } on this origin) → { url }', tag: 'subscription' }),
    jsonBody(PortalInput),
    async (c) => {
      const { returnUrl } = c.req.valid('json');
      const { env, billing } = c.get('deps');
      return c.json({ url: await billing.portalUrl(founderOf(c), sameOriginUrl(env.appUrl, returnUrl, SUBSCRIPTION_PATH)) });
    },
  );
