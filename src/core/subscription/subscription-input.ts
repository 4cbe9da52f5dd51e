import { z } from 'zod';
import { PLANS } from './plans.ts';

/**
 * The bodies of the founder's subscription calls (/api/subscription). Strict: a body that
 * names anything else (another founder's id, say) is refused whole, nothing changed. A
 * subscription is always the signed-in founder's own.
 */
const Plan = z.enum(PLANS);

/** `returnUrl`: where Stripe Checkout sends the founder back; it must be on Rumbo's own origin. */
export const UpgradeInput = z.object({ plan: Plan, returnUrl: z.string().max(2000).optional() }).strict();
export type UpgradeInput = z.infer<typeof UpgradeInput>;

export const SwitchPlanInput = z.object({ plan: Plan }).strict();

/** Downgrading and cancelling, either at once or when the paid period ends (Premium kept until then). */
export const EndPremiumInput = z.object({ when: z.enum(['now', 'period-end']) }).strict();
export type EndPremiumInput = z.infer<typeof EndPremiumInput>;

/** Where the Customer Portal returns to (same origin rule as Checkout). */
export const PortalInput = z.object({ returnUrl: z.string().max(2000).optional() }).strict();
