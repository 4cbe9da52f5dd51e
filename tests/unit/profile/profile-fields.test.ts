import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isTimeZone } from '../../../src/core/profile/profile-fields.ts';
import { ES_LA_COUNTRIES } from '../../../src/core/i18n/language.ts';
import { targetStatus } from '../../../src/web/features/overview/metric-status.ts';

describe('profile values', () => {
  it('knows IANA time zones and refuses anything else', () => {
    expect(isTimeZone('America/Bogota')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('offers every country of the es-LA list, each code once', () => {
    for (const country of ES_LA_COUNTRIES) expect(COUNTRY_CODES).toContain(country);
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
  });
});

describe('metric status against the spec §9 targets (METRICS.md)', () => {
  it.each([
    ['runwayWeeks', 50, 'on'],
    ['runwayWeeks', 40, 'near'],
    ['runwayWeeks', 31, 'off'],
    ['ndr', 1.1, 'on'],
    ['ndr', 0.9, 'near'],
    ['churnRate', 0.005, 'on'],
    ['churnRate', 0.008, 'near'],
    ['churnRate', 0.05, 'off'],
    ['ltvToCac', 4.14, 'near'],
    ['paybackWeeks', 5.25, 'on'],
    ['paybackWeeks', 70, 'off'],
    ['mrr', 1000, null],
    ['runwayWeeks', null, null],
  ] as const)('%s = %s is %s', (key, value, status) => {
    expect(targetStatus(key, value)).toBe(status);
  });
});
