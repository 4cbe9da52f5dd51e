import { Hono } from 'hono';
import type Stripe from 'stripe';
import { AppError } from '../../platform/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { recordSecurityEvent, requestContext } from '../../platform/audit.ts';
import { documented, readsBody } from '../../http/route-doc.ts';

/**
 * /api/webhooks/stripe: Stripe's signed notifications (docs/billing.md#webhooks). Mounted
 * before the same-origin check and the general rate limit: Stripe is neither a browser nor
 * a founder. A missing or bad signature is refused with 400, changes nothing and is audited
 * (at most 10 rows per address in 5 minutes); without Stripe configured the route does not exist.
 */
export const webhookRoutes = new Hono<AppBindings>().post(
  '/stripe',
  documented({
    summary:
      'Stripe’s signed webhooks (checkout.session.completed, customer.subscription.*, invoice.paid / payment_failed): applied once per event id, in any order; 400 and audited without a valid Stripe-Signature; 404 without Stripe configured',
    tag: 'subscription',
    public: true,
  }),
  readsBody({ 'application/json': null }),
  async (c) => {
    const deps = c.get('deps');
    const webhooks = deps.billing.webhooks;
    if (!webhooks) throw new AppError('NOT_FOUND');
    const payload = await c.req.text();
    const signature = c.req.header('stripe-signature');
    let event: Stripe.Event;
    try {
      event = webhooks.verify(payload, signature);
    } catch {
      const address = clientAddress(c);
      const problem = signature ? 'invalid' : 'missing';
      await recordSecurityEvent(deps, `stripe-webhook:${address ?? 'unknown'}`, {
        action: 'webhook_signature_invalid',
        context: requestContext(c.req.raw, address),
        details: { provider: 'stripe', signature: problem },
      });
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid webhook signature.', details: [{ field: 'stripe-signature', message: problem }] });
    }
    return c.json({ received: true, outcome: await webhooks.apply(event) });
  },
);
