import { describe, expect, it } from 'vitest';
import { founderDate } from '../../../src/core/i18n/founder-date.ts';

/** The one way a founder's dates are written (core/i18n/founder-date.ts): their zone's day, their language. */
describe('founderDate', () => {
  const mexico = 'America/Mexico_City';

  it('writes the day in the founder’s zone, not UTC’s, on both sides of midnight UTC', () => {
    // 03:00 UTC on the 29th is still the evening of the 28th in Mexico City (UTC−6).
    expect(founderDate('2026-12-29T03:00:00Z', { language: 'en', timeZone: mexico })).toBe('December 28, 2026');
    expect(founderDate(new Date('2026-12-29T05:59:59Z'), { language: 'en', timeZone: mexico })).toBe('December 28, 2026');
    expect(founderDate('2026-12-29T06:00:00Z', { language: 'en', timeZone: mexico })).toBe('December 29, 2026');
    expect(founderDate('2026-12-28T23:59:59Z', { language: 'en', timeZone: mexico })).toBe('December 28, 2026');
  });

  it('writes it in the founder’s language', () => {
    expect(founderDate('2026-12-29T03:00:00Z', { language: 'es-LA', timeZone: mexico })).toBe('28 de diciembre de 2026');
  });

  it('counts a founder with no zone, or one the runtime does not know, in UTC', () => {
    expect(founderDate('2026-12-29T03:00:00Z', { language: 'en', timeZone: null })).toBe('December 29, 2026');
    expect(founderDate('2026-12-29T03:00:00Z', { language: 'en', timeZone: 'Mars/Olympus' })).toBe('December 29, 2026');
  });
});
