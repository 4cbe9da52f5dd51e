import { HTML_LANG } from '../../core/i18n/language.ts';
import { type NumberConvention, numberConvention } from '../../core/numbers/convention.ts';
import type { SeparatorAnswers } from '../../core/numbers/read-number.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import type { Me } from './get-me.ts';

/**
 * How the founder's numbers are written and read: the language's words and signs, the
 * founder's marks and currency, and their answers to the number question (decision 250).
 */
export type NumberStyle = { locale: string; convention: NumberConvention; currency: string; answers?: SeparatorAnswers };

/** The founder's style: their country (or national currency) picks the marks, else their language (decision 110). */
export function numberStyleOf(me: (Pick<Me, 'country' | 'currency'> & { separatorAnswers?: SeparatorAnswers | null }) | undefined): NumberStyle {
  const language = currentLanguage();
  const currency = me?.currency ?? 'USD';
  return { locale: HTML_LANG[language], currency, convention: numberConvention({ language, country: me?.country, currency }), answers: me?.separatorAnswers ?? {} };
}
