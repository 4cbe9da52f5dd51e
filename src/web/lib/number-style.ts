import { HTML_LANG } from '../../core/i18n/language.ts';
import { type NumberConvention, numberConvention } from '../../core/numbers/convention.ts';
import { currentLanguage } from '../i18n/i18n.ts';
import type { Me } from './api/get-me.ts';

/** How the metrics page writes numbers: the language's words and signs, the founder's marks and currency. */
export type NumberStyle = { locale: string; convention: NumberConvention; currency: string };

/** The founder's style: their country (or national currency) picks the marks, else their language (decision 110). */
export function numberStyleOf(me: Pick<Me, 'country' | 'currency'> | undefined): NumberStyle {
  const language = currentLanguage();
  const currency = me?.currency ?? 'USD';
  return { locale: HTML_LANG[language], currency, convention: numberConvention({ language, country: me?.country, currency }) };
}
