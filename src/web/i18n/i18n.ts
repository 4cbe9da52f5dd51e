import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  HTML_LANG,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  type Language,
  languageFromTag,
} from '../../core/i18n/language.ts';
import { VALIDATION_NAMESPACE } from '../../core/validation/issues.ts';
import { rememberLanguage } from './remember-language.ts';

/**
 * Translations live in `src/web/locales/<language>/<namespace>.json`, one namespace per
 * feature. A page downloads only its language's texts: each file is its own chunk, but for
 * the signed-in area's groups (`TEXT_GROUPS` in scripts/lib/signed-in-chunk.ts, decision 233).
 */
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');
/** The shared schemas' messages live with them (core/validation/locales/<language>.json, decision 236). */
const validationFiles = import.meta.glob<{ default: Record<string, unknown> }>('../../core/validation/locales/*.json');

export const NAMESPACES = ['common', 'errors', 'marketing', 'auth', 'shell', 'session', 'admin', 'profile', 'onboarding', 'overview', 'metrics', 'tasks', 'strategy', 'gamification', 'twoFactor', 'mentor', 'aiContext', 'impersonation', 'feedback', 'subscription', 'tours', 'community', 'reports', 'referrals', 'showcase', VALIDATION_NAMESPACE] as const;
export const DEFAULT_NAMESPACE = 'common';

const MAX_LOAD_ATTEMPTS = 5; // translation loading is retried up to 5 times (docs/product.md#language)

async function loadNamespace(language: string, namespace: string) {
  const load =
    namespace === VALIDATION_NAMESPACE ? validationFiles[`../../core/validation/locales/${language}.json`] : localeFiles[`../locales/${language}/${namespace}.json`];
  if (!load) throw new Error(`No translations for ${language}/${namespace}`);
  let lastError: unknown;
  for (let attempt = 1; attempt <= MAX_LOAD_ATTEMPTS; attempt++) {
    try {
      return (await load()).default;
    } catch (error) {
      lastError = error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
  throw lastError;
}

const chunkBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

/**
 * Detector names are i18next-browser-languagedetector's. The order (docs/product.md#language)
 * is local storage, browser language, page language tag; the server already resolves the browser language
 * (Accept-Language, first choice only) and, failing that, the visitor's country into the
 * page's `lang` (src/server/http/spa.ts), so the tag carries both (decision 031).
 */
const detection = {
  order: ['localStorage', 'htmlTag'],
  lookupLocalStorage: LANGUAGE_STORAGE_KEY,
  caches: [],
  convertDetectedLanguage: (tag: string) => languageFromTag(tag) ?? tag,
};

/**
 * Starts i18next in the browser. `initialLanguage` is the language the server rendered
 * the page in (so hydration matches); without it the detector decides. `namespaces` are
 * loaded with the default ones, in parallel (the first page's, decision 231).
 */
export async function initI18n(initialLanguage?: Language, namespaces: readonly string[] = []) {
  const instance = i18next.use(chunkBackend).use(initReactI18next);
  if (!initialLanguage) instance.use(LanguageDetector);
  await instance.init({
    lng: initialLanguage,
    supportedLngs: [...LANGUAGES],
    // Every key exists in both languages (tests/unit/i18n/locale-files.test.ts), so a Spanish page
    // never needs the English texts: loading them as its fallback would double its translation
    // requests before the first render. Any other language falls back to English.
    fallbackLng: { 'es-LA': [], default: [DEFAULT_LANGUAGE] },
    load: 'currentOnly',
    ns: ['common', 'errors', ...namespaces],
    defaultNS: DEFAULT_NAMESPACE,
    detection,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: true },
  });
  syncDocumentLanguage(i18next.language as Language);
  i18next.on('languageChanged', (language) => syncDocumentLanguage(language as Language));
  return i18next;
}

function syncDocumentLanguage(language: Language) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[language] ?? 'en';
}

/** Changes the language and remembers the choice (local storage, and a cookie for the server). */
export async function chooseLanguage(language: Language) {
  rememberLanguage(language);
  await i18next.changeLanguage(language);
}

/**
 * The language a server render draws in (src/web/entry-server.tsx), for the length of that one
 * render: it is synchronous, so no other render can start meanwhile, and the browser never sets it.
 */
let renderLanguage: Language | undefined;

export function renderInLanguage<T>(language: Language, render: () => T): T {
  renderLanguage = language;
  try {
    return render();
  } finally {
    renderLanguage = undefined;
  }
}

export function currentLanguage(): Language {
  if (renderLanguage) return renderLanguage;
  const language = i18next.resolvedLanguage ?? i18next.language;
  return language === 'es-LA' ? 'es-LA' : 'en';
}
