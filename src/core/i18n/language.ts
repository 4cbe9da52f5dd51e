/**
 * Which language a visitor gets (docs/product.md#language), as pure
 * functions shared by the browser (detection) and the server (prerendered pages,
 * geolocation, e-mails).
 */
export const LANGUAGES = ['en', 'es-LA'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Local storage key (and cookie name, so the server can serve the right page). */
export const LANGUAGE_STORAGE_KEY = 'rumbo_language';

/** The `lang` attribute for each app language; es-419 is Latin-American Spanish. */
export const HTML_LANG: Record<Language, string> = { en: 'en', 'es-LA': 'es-419' };

/** Countries whose visitors get es-LA when nothing else says. */
export const ES_LA_COUNTRIES: ReadonlySet<string> = new Set([
  'MX', 'GT', 'SV', 'HN', 'NI', 'CR', 'PA', 'CO', 'VE', 'EC', 'PE', 'BO', 'PY', 'UY', 'AR', 'CL', 'BR',
]);

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'es-LA';
}

/**
 * Maps any language tag to an app language: `es`, `es-MX`, `es-419`, `es_AR`… give
 * es-LA, `en…` gives en, anything else (e.g. `pt-BR`) gives null, so the caller
 * falls to the next source.
 */
export function languageFromTag(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'es') return 'es-LA';
  if (primary === 'en') return 'en';
  return null;
}

export function languageFromCountry(country: string | null | undefined): Language {
  return country && ES_LA_COUNTRIES.has(country.toUpperCase()) ? 'es-LA' : DEFAULT_LANGUAGE;
}

export type LanguageSignals = {
  /** The visitor's explicit choice (local storage or cookie). */
  stored?: string | null;
  /** The signed-in founder's `preferred_language`. */
  profile?: string | null;
  /** Browser languages, most preferred first (navigator.languages or Accept-Language). */
  browser?: readonly string[];
  /** The visitor's country from IP geolocation. */
  country?: string | null;
};

/** Strongest signal first: stored choice, profile, browser, country, then English. */
export function resolveLanguage(signals: LanguageSignals): Language {
  if (isLanguage(signals.stored)) return signals.stored;
  if (isLanguage(signals.profile)) return signals.profile;
  // Only the browser's first language counts: a pt-BR browser that also lists en
  // is better served by the visitor's country than by its fallback list.
  const fromBrowser = languageFromTag(signals.browser?.[0]);
  if (fromBrowser) return fromBrowser;
  return languageFromCountry(signals.country);
}

/** Parses an Accept-Language header into tags ordered by preference. */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number.parseFloat(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && !Number.isNaN(entry.q) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}
