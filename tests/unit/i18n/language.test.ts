import { describe, expect, it } from 'vitest';
import {
  languageFromCountry,
  languageFromTag,
  parseAcceptLanguage,
  resolveLanguage,
} from '../../../src/core/i18n/language.ts';

describe('languageFromTag', () => {
  it.each([
    ['es', 'es-LA'],
    ['es-MX', 'es-LA'],
    ['es-419', 'es-LA'],
    ['es_AR', 'es-LA'],
    ['ES-es', 'es-LA'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['pt-BR', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (tag, expected) => {
    expect(languageFromTag(tag)).toBe(expected);
  });
});

describe('languageFromCountry', () => {
  it('gives es-LA for every country of the product’s list, including Brazil', () => {
    for (const country of 'MX GT SV HN NI CR PA CO VE EC PE BO PY UY AR CL BR'.split(' ')) {
      expect(languageFromCountry(country)).toBe('es-LA');
    }
  });
  it('gives en elsewhere and when unknown', () => {
    expect(languageFromCountry('US')).toBe('en');
    expect(languageFromCountry('ES')).toBe('en');
    expect(languageFromCountry(null)).toBe('en');
  });
});

describe('resolveLanguage (strongest signal first)', () => {
  it('a stored choice beats the profile, the browser and the country', () => {
    expect(resolveLanguage({ stored: 'en', profile: 'es-LA', browser: ['es-MX'], country: 'MX' })).toBe('en');
  });
  it('the profile beats detection', () => {
    expect(resolveLanguage({ profile: 'es-LA', browser: ['en-US'] })).toBe('es-LA');
  });
  it('ignores a stored value that is not an app language', () => {
    expect(resolveLanguage({ stored: 'fr', browser: ['es-CO'] })).toBe('es-LA');
  });
  it("an other-language browser falls to the visitor's country", () => {
    expect(resolveLanguage({ browser: ['pt-BR', 'en'], country: 'BR' })).toBe('es-LA');
    expect(resolveLanguage({ browser: ['de-DE'], country: 'DE' })).toBe('en');
  });
  it('falls back to English with no signal at all', () => {
    expect(resolveLanguage({})).toBe('en');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders tags by quality, keeping header order on ties, and drops q=0', () => {
    expect(parseAcceptLanguage('en;q=0.5, es-MX, fr;q=0, pt-BR;q=0.8, *;q=0.1')).toEqual(['es-MX', 'pt-BR', 'en']);
  });
  it('handles a missing header', () => {
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});
