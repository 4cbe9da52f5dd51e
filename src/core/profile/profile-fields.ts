import { z } from 'zod';
import { TEXT_MAX, TITLE_MAX, URL_MAX } from '../security/input-limits.ts';
import { FOUNDER_TYPES } from './profile-choices.ts';

/**
 * Value schemas shared by onboarding (POST /api/onboarding) and profile edits
 * (PATCH /api/me), so both validate every field the same way (docs/product.md#values).
 */
export * from './profile-choices.ts';

/**
 * The most characters each free-text answer may hold (docs/product.md#input-limits):
 * names are titles (200), the longer answers texts (5000; 'Text is too long (max 5000
 * characters)'), URLs the text limit. The long text (10000) is for long writing:
 * completion notes and mentor messages (decision 035). Shared by both schemas and the form's counters.
 */
export const PROFILE_TEXT_LIMITS = {
  fullName: TITLE_MAX,
  lastName: TITLE_MAX,
  nickname: TITLE_MAX,
  startupName: TITLE_MAX,
  industry: TITLE_MAX,
  startupWebpageUrl: URL_MAX,
  linkedinLink: URL_MAX,
  customerInformation: TEXT_MAX,
  coreProblemStatement: TEXT_MAX,
} as const;

export const DEFAULT_MONDAY_HOUR = '09:00';
export const DEFAULT_FRIDAY_HOUR = '17:00';

/** Money is in one currency per startup (docs/product.md#values); these are the ones offered. */
export const CURRENCIES = ['USD', 'MXN', 'COP', 'ARS', 'CLP', 'PEN', 'BRL', 'UYU', 'PYG', 'BOB', 'GTQ', 'CRC', 'DOP', 'EUR', 'GBP', 'CAD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The euro area and the countries that use the euro as their own. */
const EURO_COUNTRIES = 'AD AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MC ME MT NL PT SI SK SM VA XK'.split(' ');
const COUNTRY_CURRENCIES: Partial<Record<string, Currency>> = {
  MX: 'MXN', CO: 'COP', AR: 'ARS', CL: 'CLP', PE: 'PEN', BR: 'BRL', UY: 'UYU', PY: 'PYG', BO: 'BOB', GT: 'GTQ', CR: 'CRC', DO: 'DOP',
  GB: 'GBP', CA: 'CAD',
  ...Object.fromEntries(EURO_COUNTRIES.map((country) => [country, 'EUR' as const])),
};

/**
 * The currency onboarding pre-selects for a country (decision 115): its own when Rumbo offers
 * it (MXN for Mexico, COP, ARS, CLP, PEN, BRL…), else USD, which dollarised Ecuador, El
 * Salvador and Panama use and the rest of the world's startups most often invoice in.
 */
export function currencyForCountry(country: string | null | undefined): Currency {
  return (country && COUNTRY_CURRENCIES[country.toUpperCase()]) || 'USD';
}

/** ISO 3166-1 alpha-2 codes of the countries offered (names come from Intl.DisplayNames). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AZ BA BB BD BE BF BG BH BI BJ BM BN BO BR BS BT BW BY BZ CA CD CF CG CH CI ' +
  'CK CL CM CN CO CR CU CV CY CZ DE DJ DK DM DO DZ EC EE EG ER ES ET FI FJ FM FR GA GB GD GE GH GM GN GQ GR GT GU GW ' +
  'GY HK HN HR HT HU ID IE IL IN IQ IR IS IT JM JO JP KE KG KH KI KM KN KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MG MH MK ML MM MN MO MR MT MU MV MW MX MY MZ NA NE NG NI NL NO NP NR NZ OM PA PE PG PH PK PL PR PS PT ' +
  'PW PY QA RO RS RU RW SA SB SC SD SE SG SI SK SL SM SN SO SR SS ST SV SY SZ TD TG TH TJ TL TM TN TO TR TT TV TW TZ ' +
  'UA UG US UY UZ VA VC VE VN VU WS XK YE ZA ZM ZW'
).split(' ');
const COUNTRY_SET: ReadonlySet<string> = new Set(COUNTRY_CODES);

const HOUR = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '' and whitespace-only mean "no answer" for the optional choices. */
export const emptyToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/** Whether the runtime knows this IANA time zone (Intl throws a RangeError otherwise). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const hour = () => z.string().regex(HOUR, 'validation:profile.hour');
export const optionalCountry = () =>
  z.preprocess(emptyToNull, z.string().refine((code) => COUNTRY_SET.has(code), 'validation:profile.country').nullable().optional());
export const optionalFounderType = () => z.preprocess(emptyToNull, z.enum(FOUNDER_TYPES).nullable().optional());
export const optionalTimeZone = () =>
  z.preprocess(emptyToNull, z.string().max(64).refine(isTimeZone, 'validation:profile.timeZone').nullable().optional());
export const currency = () => z.enum(CURRENCIES, { message: 'validation:profile.currency' });
