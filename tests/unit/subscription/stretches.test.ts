import { describe, expect, it } from 'vitest';
import { addMonths } from '../../../src/core/subscription/billing-dates.ts';
import { FREE, type SubscriptionEvent, type SubscriptionState, transition } from '../../../src/core/subscription/state-machine.ts';
import { premiumStretches } from '../../../src/core/subscription/stretches.ts';

const signedUp = new Date('2026-03-01T12:00:00Z');
const trialEnd = new Date('2026-03-15T12:00:00Z');
const day = (n: number) => new Date(signedUp.getTime() + n * 24 * 3600 * 1000);

/** Applies events from Free as the ledger would, keeping each event with the state it led to. */
function ledger(events: SubscriptionEvent[]) {
  let state: SubscriptionState = FREE;
  return events.map((event) => {
    const result = transition(state, event);
    if (!result.ok) throw new Error(result.refusal);
    state = result.state;
    return { event, state };
  });
}

describe('granted months start when what the founder has ends', () => {
  it('during the trial, at its end', () => {
    const [step] = ledger([{ type: 'grant-months', months: 1, at: day(3), startsAt: trialEnd }]);
    expect(step!.state).toMatchObject({ status: 'active', plan: null, periodStart: trialEnd, periodEnd: addMonths(trialEnd, 1) });
  });

  it('a trial end already past starts them now', () => {
    const [step] = ledger([{ type: 'grant-months', months: 1, at: day(20), startsAt: trialEnd }]);
    expect(step!.state).toMatchObject({ periodStart: day(20) });
  });
});

describe('premiumStretches', () => {
  it('the trial, then the referral month after it', () => {
    const steps = ledger([{ type: 'grant-months', months: 1, at: day(3), startsAt: trialEnd }]);
    expect(premiumStretches({ start: signedUp, end: trialEnd }, steps, day(4))).toEqual([
      { source: 'trial', start: signedUp, end: trialEnd },
      { source: 'referral', start: trialEnd, end: addMonths(trialEnd, 1) },
    ]);
  });

  it('a paid plan bought during the trial ends it (so it is no longer listed); a referral month comes after the paid period; two months in a row are one stretch', () => {
    const steps = ledger([
      { type: 'upgrade', plan: 'monthly', at: day(2) },
      { type: 'grant-months', months: 1, at: day(5) },
      { type: 'grant-months', months: 1, at: day(6) },
    ]);
    expect(premiumStretches({ start: signedUp, end: trialEnd }, steps, day(7))).toEqual([
      { source: 'paid', start: day(2), end: addMonths(day(2), 1) },
      { source: 'referral', start: addMonths(day(2), 1), end: addMonths(day(2), 3) },
    ]);
  });

  it('ending Premium now cuts what lay ahead; stretches already over are not listed', () => {
    const steps = ledger([
      { type: 'upgrade', plan: 'monthly', at: day(20) },
      { type: 'grant-months', months: 1, at: day(21) },
      { type: 'cancel', when: 'now', reason: 'cancel', at: day(22) },
    ]);
    expect(premiumStretches({ start: signedUp, end: trialEnd }, steps, day(23))).toEqual([]);
  });
});
