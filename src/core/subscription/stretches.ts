import type { SubscriptionEvent, SubscriptionState } from './state-machine.ts';
import { isPremium } from './state-machine.ts';

/** Where a stretch of Premium came from: the trial, a paid plan, or months given by a referral. */
export type StretchSource = 'trial' | 'paid' | 'referral';

export type Stretch = { source: StretchSource; start: Date; end: Date };

/** One accepted change of the ledger with the state it led to (subscription_events). */
export type LedgerStep = { event: SubscriptionEvent; state: SubscriptionState };

const sourceOf = (event: SubscriptionEvent): StretchSource => (event.type === 'grant-months' ? 'referral' : 'paid');

/**
 * The founder's Premium time, stretch by stretch, as the Subscription page shows it
 * (docs/billing.md#granted-months): the trial, then each paid or granted period in the order
 * they follow each other, each with where it came from. Built by walking the ledger: a change
 * that moves the end later adds the stretch from the old end to the new one; one that moves it
 * earlier (or ends Premium) cuts what lay beyond. Only stretches not over at `now` are kept, and
 * touching stretches of the same source are one.
 */
export function premiumStretches(trial: { start: Date; end: Date } | null, steps: readonly LedgerStep[], now: Date): Stretch[] {
  let stretches: Stretch[] = trial ? [{ source: 'trial', ...trial }] : [];
  let previous: SubscriptionState = { status: 'free' };
  const cutAt = (instant: Date) => {
    stretches = stretches.flatMap((stretch) => {
      if (stretch.source === 'trial' || stretch.end <= instant) return [stretch];
      return stretch.start < instant ? [{ ...stretch, end: instant }] : [];
    });
  };
  for (const { event, state } of steps) {
    if (!isPremium(state)) {
      if (isPremium(previous)) cutAt(event.at);
    } else if (!isPremium(previous)) {
      // A plan bought during the trial takes over from it (a granted month waits for its end).
      stretches = stretches.map((stretch) => (stretch.source === 'trial' && stretch.end > state.periodStart ? { ...stretch, end: state.periodStart } : stretch));
      stretches.push({ source: sourceOf(event), start: state.periodStart, end: state.periodEnd });
    } else if (state.periodEnd > previous.periodEnd) {
      stretches.push({ source: sourceOf(event), start: previous.periodEnd, end: state.periodEnd });
    } else if (state.periodEnd < previous.periodEnd) {
      cutAt(state.periodEnd);
    }
    previous = state;
  }
  const merged: Stretch[] = [];
  const kept = stretches.filter((one) => one.end > now && one.end > one.start).sort((a, b) => a.start.getTime() - b.start.getTime());
  for (const stretch of kept) {
    const last = merged.at(-1);
    if (last && last.source === stretch.source && last.end.getTime() === stretch.start.getTime()) last.end = stretch.end;
    else merged.push({ ...stretch });
  }
  return merged;
}
