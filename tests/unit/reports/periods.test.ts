import { describe, expect, it } from 'vitest';
import { lastWeeks, periodChoices } from '../../../src/web/features/reports/updates/periods.ts';
import { PeriodInput } from '../../../src/core/reports/investor-update.ts';

describe('report periods', () => {
  const now = new Date(Date.UTC(2026, 10, 25)); // Wednesday 25 November 2026, ISO 2026-W48

  it('a month is the weeks whose Monday falls in it: November 2026 is W45 (Mon 2 Nov) to W49 (Mon 30 Nov)', () => {
    const november = periodChoices(now).find((choice) => choice.id === 'm-2026-11')!;
    expect(november).toMatchObject({ fromWeek: '2026-W45', toWeek: '2026-W49' });
    const october = periodChoices(now).find((choice) => choice.id === 'm-2026-10')!;
    expect(october).toMatchObject({ fromWeek: '2026-W41', toWeek: '2026-W44' });
  });

  it('a quarter runs from its first Monday to the week of its last day', () => {
    expect(periodChoices(now).find((choice) => choice.id === 'q-2026-10')).toMatchObject({ fromWeek: '2026-W41', toWeek: '2026-W53' });
  });

  it('the last N weeks end with this one', () => {
    expect(lastWeeks(4, now)).toEqual({ fromWeek: '2026-W45', toWeek: '2026-W48' });
  });

  it('every offered period is one the API accepts', () => {
    for (const choice of periodChoices(now)) expect(PeriodInput.safeParse({ fromWeek: choice.fromWeek, toWeek: choice.toWeek }).success).toBe(true);
    expect(PeriodInput.safeParse({ fromWeek: '2025-W53', toWeek: '2026-W01' }).success).toBe(false); // 2025 has 52 weeks
  });
});
