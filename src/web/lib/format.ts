import { HTML_LANG, type Language } from '../../core/i18n/language.ts';

/** The locale Intl formats with: es-LA is no BCP 47 tag, its standard form is es-419. */
export function intlLocale(language: string): string {
  return HTML_LANG[language as Language] ?? language;
}
