import { ES_LA_COUNTRIES, type Language } from '../i18n/language.ts';

/**
 * How a founder writes numbers: Mexico and the English-speaking world write
 * 198,900.50; Chile, Argentina, Colombia and most of Latin America 198.900,50.
 * Decision 110.
 */
export type DecimalMark = '.' | ',';
export type NumberConvention = { decimal: DecimalMark; group: DecimalMark };

export const DECIMAL_POINT: NumberConvention = { decimal: '.', group: ',' };
export const DECIMAL_COMMA: NumberConvention = { decimal: ',', group: '.' };

/**
 * The locale whose numbers a country writes: Spanish for the Spanish-speaking countries
 * of Latin America (the likely language of Paraguay is Guaraní, whose locale data is
 * thin), otherwise the country's likely language (Portuguese for Brazil).
 */
function countryLocale(country: string): string {
  if (ES_LA_COUNTRIES.has(country) && country !== 'BR') return `es-${country}`;
  return `${new Intl.Locale('und', { region: country }).maximize().language}-${country}`;
}

function conventionOfCountry(country: string): NumberConvention | null {
  try {
    const decimal = new Intl.NumberFormat(countryLocale(country)).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
    return decimal === ',' ? DECIMAL_COMMA : DECIMAL_POINT;
  } catch {
    return null; // not a region Intl knows
  }
}

export type NumberSignals = { language: Language; country?: string | null; currency?: string | null };

/**
 * The convention numbers are shown in, strongest signal first: the founder's country;
 * the country of a national currency (ISO 4217 codes start with it: CLP → CL; USD, the
 * default and common across the region, and EUR say nothing); then the language
 * (Spanish → decimal comma, as most of Latin America; English → decimal point).
 * Typing is read in both conventions whatever this says (`read-number.ts`).
 */
export function numberConvention({ language, country, currency }: NumberSignals): NumberConvention {
  const currencyCountry = currency && currency !== 'USD' && currency !== 'EUR' ? currency.slice(0, 2) : null;
  for (const region of [country, currencyCountry]) {
    const convention = region ? conventionOfCountry(region.toUpperCase()) : null;
    if (convention) return convention;
  }
  return language === 'es-LA' ? DECIMAL_COMMA : DECIMAL_POINT;
}

const digitsCache = new Map<string, number>();

/** How many decimals the currency's amounts have: 2 for USD, 0 for CLP. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}
