import { addMonths, extendFromAnchor } from './billing-dates.ts';
import { PLAN_MONTHS, type Plan } from './plans.ts';

/**
 * The one subscription state machine (docs/billing.md): Free ⇄ Premium (monthly or
 * annual), with downgrades and cancellations now or at the end of the paid period,
 * reactivation before that end, plan switches, granted months and the schedule's renewals.
 * The trial is not a state here: it follows from the account's age (trial.ts) and gives
 * way to whatever this says once the founder pays.
 *
 * Pure: every event carries its own time, so the subscription_events ledger can replay
 * the current state from the first event (`replay`).
 */

export type FreeState = { status: 'free' };

export type PremiumState = {
  /** `past_due`: the provider could not collect a renewal and is retrying; Premium is kept meanwhile. */
  status: 'active' | 'past_due';
  /** null: months granted (a referral reward), which end rather than renew. */
  plan: Plan | null;
  /** The instant months are counted from, so a period begun on the 31st renews on the last day of shorter months and back on the 31st. */
  anchor: Date;
  periodStart: Date;
  periodEnd: Date;
  /** A downgrade or cancellation waiting for `periodEnd`: Premium until then. */
  cancelAtPeriodEnd: boolean;
};

export type SubscriptionState = FreeState | PremiumState;

export const FREE: FreeState = { status: 'free' };

/** Downgrading to Free and cancelling Premium are one transition; the ledger keeps which the founder chose. */
export type EndReason = 'downgrade' | 'cancel';
export type EndWhen = 'now' | 'period-end';

export type SubscriptionEvent =
  | { type: 'upgrade'; plan: Plan; at: Date }
  | { type: 'switch-plan'; plan: Plan; at: Date }
  | { type: 'cancel'; when: EndWhen; reason: EndReason; at: Date }
  | { type: 'reactivate'; at: Date }
  /**
   * Months given, not bought (a referral reward). They start when what the founder already has
   * ends: after the paid or granted period in force, or at `startsAt` (the trial's end) when on Free.
   */
  | { type: 'grant-months'; months: number; at: Date; startsAt?: Date }
  /** The schedule at or after `periodEnd`: renews (no cancellation, a plan, `renews`) or ends Premium. */
  | { type: 'period-ended'; renews: boolean; at: Date }
  /** The payment provider's own record of the subscription, which wins (a signed webhook, Checkout's return). */
  | { type: 'provider-sync'; state: SubscriptionState; at: Date };

export type SubscriptionEventType = SubscriptionEvent['type'];

/**
 * Why an event does not apply: nothing paid to change (`not-subscribed`), Premium already
 * on another plan or ending (`already-premium`), granted months that cannot be renewed or
 * reactivated (`not-renewing`), a period not over yet (`not-due`), a bad number of months.
 */
export type Refusal = 'not-subscribed' | 'already-premium' | 'not-renewing' | 'not-due' | 'invalid-months';

export type Transition = { ok: true; state: SubscriptionState; changed: boolean } | { ok: false; refusal: Refusal };

const same = (state: SubscriptionState): Transition => ({ ok: true, state, changed: false });
const next = (state: SubscriptionState): Transition => ({ ok: true, state, changed: true });
const refuse = (refusal: Refusal): Transition => ({ ok: false, refusal });

export function isPremium(state: SubscriptionState): state is PremiumState {
  return state.status !== 'free';
}

/** A premium state that renews by itself: a plan, and no cancellation waiting. */
export function renews(state: SubscriptionState): boolean {
  return isPremium(state) && state.plan !== null && !state.cancelAtPeriodEnd;
}

export function transition(state: SubscriptionState, event: SubscriptionEvent): Transition {
  switch (event.type) {
    case 'upgrade': {
      if (!isPremium(state)) {
        return next({
          status: 'active',
          plan: event.plan,
          anchor: event.at,
          periodStart: event.at,
          periodEnd: addMonths(event.at, PLAN_MONTHS[event.plan]),
          cancelAtPeriodEnd: false,
        });
      }
      // Granted months become a paid plan that renews when they end: nothing is lost.
      if (state.plan === null) return next({ ...state, plan: event.plan, cancelAtPeriodEnd: false });
      // The same click twice is one subscription; another plan or an ending one has its own action.
      if (state.plan === event.plan && !state.cancelAtPeriodEnd) return same(state);
      return refuse('already-premium');
    }
    case 'switch-plan': {
      if (!isPremium(state) || state.plan === null) return refuse('not-subscribed');
      if (state.plan === event.plan) return same(state);
      // The current period stays as paid; the next one has the new plan's length and price.
      return next({ ...state, plan: event.plan });
    }
    case 'cancel': {
      if (!isPremium(state)) return refuse('not-subscribed');
      if (event.when === 'now') return next(FREE);
      if (state.cancelAtPeriodEnd || state.plan === null) return same(state);
      return next({ ...state, cancelAtPeriodEnd: true });
    }
    case 'reactivate': {
      if (!isPremium(state)) return refuse('not-subscribed');
      if (state.plan === null) return refuse('not-renewing');
      if (!state.cancelAtPeriodEnd) return same(state);
      return next({ ...state, cancelAtPeriodEnd: false });
    }
    case 'grant-months': {
      if (!Number.isInteger(event.months) || event.months < 1) return refuse('invalid-months');
      if (!isPremium(state)) {
        // During a trial the month is added after it, not over it (docs/billing.md#granted-months).
        const start = event.startsAt && event.startsAt > event.at ? event.startsAt : event.at;
        return next({
          status: 'active',
          plan: null,
          anchor: start,
          periodStart: start,
          periodEnd: addMonths(start, event.months),
          cancelAtPeriodEnd: false,
        });
      }
      return next({ ...state, periodEnd: extendFromAnchor(state.anchor, state.periodEnd, event.months) });
    }
    case 'period-ended': {
      if (!isPremium(state)) return refuse('not-subscribed');
      if (event.at < state.periodEnd) return refuse('not-due');
      if (!event.renews || state.plan === null || state.cancelAtPeriodEnd) return next(FREE);
      const months = PLAN_MONTHS[state.plan];
      let { periodStart, periodEnd } = state;
      // A server that was down for several periods renews each of them, landing on the one in force.
      while (periodEnd <= event.at) {
        periodStart = periodEnd;
        periodEnd = extendFromAnchor(state.anchor, periodEnd, months);
      }
      return next({ ...state, periodStart, periodEnd });
    }
    case 'provider-sync':
      return sameState(state, event.state) ? same(state) : next(event.state);
  }
}

export function sameState(a: SubscriptionState, b: SubscriptionState): boolean {
  if (!isPremium(a) || !isPremium(b)) return a.status === b.status;
  return (
    a.status === b.status &&
    a.plan === b.plan &&
    a.cancelAtPeriodEnd === b.cancelAtPeriodEnd &&
    a.anchor.getTime() === b.anchor.getTime() &&
    a.periodStart.getTime() === b.periodStart.getTime() &&
    a.periodEnd.getTime() === b.periodEnd.getTime()
  );
}

/**
 * The state the ledger's events lead to, from Free. Every written event was accepted when
 * it happened, so a refusal here means the ledger was altered: it throws.
 */
export function replay(events: readonly SubscriptionEvent[]): SubscriptionState {
  let state: SubscriptionState = FREE;
  for (const event of events) {
    const result = transition(state, event);
    if (!result.ok) throw new Error(`subscription ledger does not replay: ${event.type} refused (${result.refusal})`);
    state = result.state;
  }
  return state;
}
