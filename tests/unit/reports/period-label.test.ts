import { describe, expect, it } from 'vitest';
import { periodLabel, startupInitial } from '../../../src/core/reports/period-label.ts';

const week = (year: number, number: number) => ({ year, week: number });

describe('an update period as a person reads it', () => {
  it('names a calendar month by its name: November 2026 is the weeks whose Monday falls in it (W45–W49)', () => {
    const november = { fromWeek: week(2026, 45), toWeek: week(2026, 49) };
    expect(periodLabel(november, 'en')).toBe('November 2026');
    expect(periodLabel(november, 'es-LA')).toBe('noviembre de 2026');
  });

  it('names a quarter, and any other span by its first Monday and last Sunday', () => {
    expect(periodLabel({ fromWeek: week(2026, 41), toWeek: week(2026, 53) }, 'en')).toBe('Q4 2026');
    expect(periodLabel({ fromWeek: week(2026, 41), toWeek: week(2026, 53) }, 'es-LA')).toBe('T4 2026');
    expect(periodLabel({ fromWeek: week(2026, 45), toWeek: week(2026, 48) }, 'en')).toBe('2 Nov 2026 – 29 Nov 2026');
    expect(periodLabel({ fromWeek: week(2026, 45), toWeek: week(2026, 48) }, 'es-LA')).toBe('2 nov 2026 – 29 nov 2026');
  });

  it('takes the startup’s first letter as its logo, accents and all', () => {
    expect(startupInitial('ñandú labs')).toBe('Ñ');
    expect(startupInitial('  "Acme"')).toBe('A');
    expect(startupInitial('')).toBeNull();
    expect(startupInitial(null)).toBeNull();
  });
});
