import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, CURRENCIES, currencyForCountry, isTimeZone } from '../../../src/core/profile/profile-fields.ts';
import { ES_LA_COUNTRIES } from '../../../src/core/i18n/language.ts';

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

  it('pre-selects the currency of the country, else USD', () => {
    expect(currencyForCountry('MX')).toBe('MXN');
    expect(currencyForCountry('CL')).toBe('CLP');
    expect(currencyForCountry('CO')).toBe('COP');
    expect(currencyForCountry('AR')).toBe('ARS');
    expect(currencyForCountry('PE')).toBe('PEN');
    expect(currencyForCountry('BR')).toBe('BRL');
    expect(currencyForCountry('ES')).toBe('EUR');
    // Dollarised, or a currency Rumbo does not offer: USD.
    expect(currencyForCountry('EC')).toBe('USD');
    expect(currencyForCountry('VE')).toBe('USD');
    expect(currencyForCountry('US')).toBe('USD');
    expect(currencyForCountry(null)).toBe('USD');
    for (const code of COUNTRY_CODES) expect(CURRENCIES).toContain(currencyForCountry(code));
  });
});
