import { z } from 'zod';
import { PLANS } from './plans.ts';
import type { SubscriptionEvent, SubscriptionState } from './state-machine.ts';

/**
 * How states and events travel as JSON (the subscription_events ledger, the API): dates as
 * ISO strings. Reading one back checks its whole shape, so a row that does not parse is
 * an error, never a silently different state.
 */
const Instant = z.iso.datetime({ offset: true }).transform((text) => new Date(text));
const Plan = z.enum(PLANS);

export const SubscriptionStateJson = z.discriminatedUnion('status', [
  z.object({ status: z.literal('free') }),
  z.object({
    status: z.enum(['active', 'past_due']),
    plan: Plan.nullable(),
    anchor: Instant,
    periodStart: Instant,
    periodEnd: Instant,
    cancelAtPeriodEnd: z.boolean(),
  }),
]);

export const SubscriptionEventJson = z.discriminatedUnion('type', [
  z.object({ type: z.literal('upgrade'), plan: Plan, at: Instant }),
  z.object({ type: z.literal('switch-plan'), plan: Plan, at: Instant }),
  z.object({ type: z.literal('cancel'), when: z.enum(['now', 'period-end']), reason: z.enum(['downgrade', 'cancel']), at: Instant }),
  z.object({ type: z.literal('reactivate'), at: Instant }),
  z.object({ type: z.literal('grant-months'), months: z.number().int(), at: Instant, startsAt: Instant.optional() }),
  z.object({ type: z.literal('period-ended'), renews: z.boolean(), at: Instant }),
  z.object({ type: z.literal('provider-sync'), state: SubscriptionStateJson, at: Instant }),
]);

export function parseState(json: unknown): SubscriptionState {
  return SubscriptionStateJson.parse(json);
}

export function parseEvent(json: unknown): SubscriptionEvent {
  return SubscriptionEventJson.parse(json);
}
