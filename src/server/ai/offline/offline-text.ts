import type { Language } from '../../../core/i18n/language.ts';
import { OFFLINE_TEXT_EN } from './offline-text-en.ts';
import { OFFLINE_TEXT_ES_LA } from './offline-text-es-la.ts';
import type { OfflineText } from './offline-text-shape.ts';

export type { DerivedKey, OfflineText } from './offline-text-shape.ts';

/** The offline mentor's words by language: one module per language, one shape for both. */
export const OFFLINE_TEXT: Record<Language, OfflineText> = { en: OFFLINE_TEXT_EN, 'es-LA': OFFLINE_TEXT_ES_LA };

const list = (names: string[], and: string) => (names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`);

/** `a, b and c` / `a, b y c`: a list as a sentence in the founder's language. */
export const joinList = (names: string[], language: Language) => list(names, OFFLINE_TEXT[language].and);
