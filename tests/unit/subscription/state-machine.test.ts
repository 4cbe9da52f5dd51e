import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEvent, parseState } from '../../../src/core/subscription/ledger-json.ts';
import {
  FREE,
  type PremiumState,
  replay,
  type SubscriptionEvent,
  type SubscriptionState,
  transition,
} from '../../../src/core/subscription/state-machine.ts';

const at = (iso: string) => new Date(iso);
const T0 = at('2026-01-31T10:00:00Z');

const monthly: PremiumState = {
  status: 'active',
  plan: 'monthly',
  anchor: T0,
  periodStart: T0,
  periodEnd: at('2026-02-28T10:00:00Z'),
  cancelAtPeriodEnd: false,
};
const annual: PremiumState = { ...monthly, plan: 'annual', periodEnd: at('2027-01-31T10:00:00Z') };
const ending: PremiumState = { ...monthly, cancelAtPeriodEnd: true };
const granted: PremiumState = { ...monthly, plan: null };
const pastDue: PremiumState = { ...monthly, status: 'past_due' };

/** Applies an event that must be accepted, and says whether it changed anything. */
function apply(state: SubscriptionState, event: SubscriptionEvent) {
  const result = transition(state, event);
  if (!result.ok) throw new Error(`refused: ${result.refusal}`);
  return result;
}
const refusal = (state: SubscriptionState, event: SubscriptionEvent) => {
  const result = transition(state, event);
  return result.ok ? null : result.refusal;
};

describe('upgrade', () => {
  it('from Free starts a paid period now, a month or a year long', () => {
    expect(apply(FREE, { type: 'upgrade', plan: 'monthly', at: T0 })).toEqual({ ok: true, changed: true, state: monthly });
    expect(apply(FREE, { type: 'upgrade', plan: 'annual', at: T0 }).state).toEqual(annual);
  });

  it('a second click on the same plan is the same subscription', () => {
    expect(apply(monthly, { type: 'upgrade', plan: 'monthly', at: at('2026-02-01T00:00:00Z') })).toEqual({ ok: true, changed: false, state: monthly });
    expect(apply(pastDue, { type: 'upgrade', plan: 'monthly', at: T0 }).changed).toBe(false);
  });

  it('is refused on another plan or while an end is scheduled (switching and reactivating are their own actions)', () => {
    expect(refusal(monthly, { type: 'upgrade', plan: 'annual', at: T0 })).toBe('already-premium');
    expect(refusal(ending, { type: 'upgrade', plan: 'monthly', at: T0 })).toBe('already-premium');
  });

  it('on granted months keeps them and renews on the plan when they end', () => {
    const result = apply(granted, { type: 'upgrade', plan: 'annual', at: at('2026-02-10T00:00:00Z') });
    expect(result.state).toEqual({ ...granted, plan: 'annual' });
  });
});

describe('switching plans', () => {
  it('changes the plan and keeps the period already paid', () => {
    expect(apply(monthly, { type: 'switch-plan', plan: 'annual', at: at('2026-02-10T00:00:00Z') }).state).toEqual({ ...monthly, plan: 'annual' });
    expect(apply(annual, { type: 'switch-plan', plan: 'monthly', at: T0 }).state).toEqual({ ...annual, plan: 'monthly' });
  });

  it('to the current plan changes nothing; without a paid plan there is nothing to switch', () => {
    expect(apply(monthly, { type: 'switch-plan', plan: 'monthly', at: T0 }).changed).toBe(false);
    expect(refusal(FREE, { type: 'switch-plan', plan: 'annual', at: T0 })).toBe('not-subscribed');
    expect(refusal(granted, { type: 'switch-plan', plan: 'annual', at: T0 })).toBe('not-subscribed');
  });

  it('the next period has the new plan’s length, still counted from the anchor', () => {
    const switched = apply(monthly, { type: 'switch-plan', plan: 'annual', at: at('2026-02-10T00:00:00Z') }).state;
    const renewed = apply(switched, { type: 'period-ended', renews: true, at: at('2026-02-28T10:00:00Z') }).state as PremiumState;
    expect(renewed.periodStart).toEqual(at('2026-02-28T10:00:00Z'));
    expect(renewed.periodEnd).toEqual(at('2027-02-28T10:00:00Z'));
    const again = apply(renewed, { type: 'period-ended', renews: true, at: renewed.periodEnd }).state as PremiumState;
    expect(again.periodEnd).toEqual(at('2028-02-29T10:00:00Z'));
  });
});

describe('downgrade and cancel', () => {
  for (const reason of ['downgrade', 'cancel'] as const) {
    it(`${reason} at the end of the period keeps Premium until then`, () => {
      const result = apply(monthly, { type: 'cancel', when: 'period-end', reason, at: at('2026-02-10T00:00:00Z') });
      expect(result).toEqual({ ok: true, changed: true, state: ending });
    });

    it(`${reason} now returns to Free at once`, () => {
      expect(apply(monthly, { type: 'cancel', when: 'now', reason, at: at('2026-02-10T00:00:00Z') }).state).toEqual(FREE);
      expect(apply(ending, { type: 'cancel', when: 'now', reason, at: T0 }).state).toEqual(FREE);
      expect(apply(granted, { type: 'cancel', when: 'now', reason, at: T0 }).state).toEqual(FREE);
      expect(apply(pastDue, { type: 'cancel', when: 'now', reason, at: T0 }).state).toEqual(FREE);
    });

    it(`${reason} of a Free account is refused`, () => {
      expect(refusal(FREE, { type: 'cancel', when: 'now', reason, at: T0 })).toBe('not-subscribed');
      expect(refusal(FREE, { type: 'cancel', when: 'period-end', reason, at: T0 })).toBe('not-subscribed');
    });
  }

  it('scheduling twice is one scheduled end; granted months end by themselves already', () => {
    expect(apply(ending, { type: 'cancel', when: 'period-end', reason: 'cancel', at: T0 }).changed).toBe(false);
    expect(apply(granted, { type: 'cancel', when: 'period-end', reason: 'cancel', at: T0 }).changed).toBe(false);
  });
});

describe('reactivate', () => {
  it('before the end date, undoes the scheduled end', () => {
    expect(apply(ending, { type: 'reactivate', at: at('2026-02-20T00:00:00Z') })).toEqual({ ok: true, changed: true, state: monthly });
  });

  it('changes nothing when no end is scheduled; is refused on Free and on granted months', () => {
    expect(apply(monthly, { type: 'reactivate', at: T0 }).changed).toBe(false);
    expect(refusal(FREE, { type: 'reactivate', at: T0 })).toBe('not-subscribed');
    expect(refusal(granted, { type: 'reactivate', at: T0 })).toBe('not-renewing');
  });

  it('after the period ended there is nothing to reactivate: Premium needs a new upgrade', () => {
    const ended = apply(ending, { type: 'period-ended', renews: true, at: ending.periodEnd }).state;
    expect(ended).toEqual(FREE);
    expect(refusal(ended, { type: 'reactivate', at: ending.periodEnd })).toBe('not-subscribed');
  });
});

describe('granted months', () => {
  it('start a period on Free, which ends rather than renews', () => {
    const result = apply(FREE, { type: 'grant-months', months: 1, at: T0 });
    expect(result.state).toEqual(granted);
    expect(apply(granted, { type: 'period-ended', renews: true, at: granted.periodEnd }).state).toEqual(FREE);
  });

  it('extend the current period from its anchor, whatever the plan and even when it is ending', () => {
    expect(apply(monthly, { type: 'grant-months', months: 1, at: T0 }).state).toEqual({ ...monthly, periodEnd: at('2026-03-31T10:00:00Z') });
    expect(apply(annual, { type: 'grant-months', months: 2, at: T0 }).state).toEqual({ ...annual, periodEnd: at('2027-03-31T10:00:00Z') });
    expect(apply(ending, { type: 'grant-months', months: 1, at: T0 }).state).toEqual({ ...ending, periodEnd: at('2026-03-31T10:00:00Z') });
  });

  it('must be a whole number of months, at least one', () => {
    for (const months of [0, -1, 1.5, Number.NaN]) expect(refusal(FREE, { type: 'grant-months', months, at: T0 })).toBe('invalid-months');
  });
});

describe('the end of a period', () => {
  it('is not due before periodEnd', () => {
    expect(refusal(monthly, { type: 'period-ended', renews: true, at: at('2026-02-28T09:59:59Z') })).toBe('not-due');
    expect(refusal(FREE, { type: 'period-ended', renews: true, at: T0 })).toBe('not-subscribed');
  });

  it('renews a plan with no end scheduled: Jan 31 → Feb 28 → Mar 31', () => {
    const renewed = apply(monthly, { type: 'period-ended', renews: true, at: at('2026-02-28T10:00:00Z') }).state;
    expect(renewed).toEqual({ ...monthly, periodStart: at('2026-02-28T10:00:00Z'), periodEnd: at('2026-03-31T10:00:00Z') });
  });

  it('renews up to the period in force when the schedule missed several', () => {
    const renewed = apply(monthly, { type: 'period-ended', renews: true, at: at('2026-05-05T00:00:00Z') }).state;
    expect(renewed).toEqual({ ...monthly, periodStart: at('2026-04-30T10:00:00Z'), periodEnd: at('2026-05-31T10:00:00Z') });
  });

  it('ends Premium when an end was scheduled, or when renewal is the provider’s to report', () => {
    expect(apply(ending, { type: 'period-ended', renews: true, at: ending.periodEnd }).state).toEqual(FREE);
    expect(apply(monthly, { type: 'period-ended', renews: false, at: monthly.periodEnd }).state).toEqual(FREE);
  });

  it('keeps the leap day across annual renewals', () => {
    const leap: PremiumState = { ...annual, anchor: at('2028-02-29T00:00:00Z'), periodStart: at('2028-02-29T00:00:00Z'), periodEnd: at('2029-02-28T00:00:00Z') };
    const once = apply(leap, { type: 'period-ended', renews: true, at: leap.periodEnd }).state as PremiumState;
    expect(once.periodEnd).toEqual(at('2030-02-28T00:00:00Z'));
    const fourYears = apply(leap, { type: 'period-ended', renews: true, at: at('2031-03-01T00:00:00Z') }).state as PremiumState;
    expect(fourYears.periodEnd).toEqual(at('2032-02-29T00:00:00Z'));
  });
});

describe('the provider’s record', () => {
  it('wins, and an identical one changes nothing', () => {
    expect(apply(FREE, { type: 'provider-sync', state: pastDue, at: T0 })).toEqual({ ok: true, changed: true, state: pastDue });
    expect(apply(pastDue, { type: 'provider-sync', state: { ...pastDue, periodEnd: new Date(pastDue.periodEnd) }, at: T0 }).changed).toBe(false);
    expect(apply(monthly, { type: 'provider-sync', state: FREE, at: T0 }).state).toEqual(FREE);
  });
});

// Random histories: every accepted event keeps the state sound, and the ledger replays it.
const plan = fc.constantFrom('monthly' as const, 'annual' as const);
const eventShape = fc.oneof(
  plan.map((p) => ({ type: 'upgrade' as const, plan: p })),
  plan.map((p) => ({ type: 'switch-plan' as const, plan: p })),
  fc.record({ when: fc.constantFrom('now' as const, 'period-end' as const), reason: fc.constantFrom('downgrade' as const, 'cancel' as const) }).map((e) => ({ type: 'cancel' as const, ...e })),
  fc.constant({ type: 'reactivate' as const }),
  fc.integer({ min: 1, max: 3 }).map((months) => ({ type: 'grant-months' as const, months })),
  fc.boolean().map((r) => ({ type: 'period-ended' as const, renews: r })),
);
const history = fc.array(fc.tuple(eventShape, fc.integer({ min: 0, max: 24 * 90 })), { maxLength: 40 });

describe('any history', () => {
  it('keeps periods forward, replays from the ledger, and survives a JSON round trip', () => {
    fc.assert(
      fc.property(history, (steps) => {
        let state: SubscriptionState = FREE;
        let clock = T0.getTime();
        const ledger: SubscriptionEvent[] = [];
        for (const [shape, hours] of steps) {
          clock += hours * 3_600_000;
          const event = { ...shape, at: new Date(clock) } as SubscriptionEvent;
          const result = transition(state, event);
          if (!result.ok || !result.changed) continue;
          state = result.state;
          ledger.push(event);
          if (state.status !== 'free') {
            expect(state.periodEnd.getTime()).toBeGreaterThan(state.periodStart.getTime());
            expect(state.periodStart.getTime()).toBeGreaterThanOrEqual(state.anchor.getTime());
            if (state.plan === null) expect(state.cancelAtPeriodEnd).toBe(false);
            if (event.type === 'period-ended') expect(state.periodEnd.getTime()).toBeGreaterThan(clock);
          }
        }
        const stored = ledger.map((event) => parseEvent(JSON.parse(JSON.stringify(event))));
        expect(replay(stored)).toEqual(state);
        expect(parseState(JSON.parse(JSON.stringify(state)))).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it('a ledger with an event that could not have happened does not replay', () => {
    expect(() => replay([{ type: 'reactivate', at: T0 }])).toThrow(/reactivate refused/);
  });
});
