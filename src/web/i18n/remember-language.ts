import { LANGUAGE_STORAGE_KEY, type Language } from '../../core/i18n/language.ts';

/**
 * Keeps the visitor's language in local storage (read by the app) and in a cookie (read by
 * the server, which serves the prerendered pages in it). No i18next here: the public pages'
 * islands (src/web/islands/public-islands.ts) use it without the app.
 */
export function rememberLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${language}; path=/; max-age=31536000; samesite=lax`;
}
