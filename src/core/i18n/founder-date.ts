import { isValidTimeZone } from '../gamification/calendar-day.ts';
import { HTML_LANG, isLanguage } from './language.ts';

/**
 * The one way a date is written for a founder (docs/decisions/288-founder-dates-and-premium-ended.md):
 * the day the instant falls on in the founder's profile time zone (UTC when they have none
 * or it is unknown), in their language, long style ("December 28, 2026", "28 de diciembre
 * de 2026"). The account menu, the Subscription page and the e-mails all call this, so a
 * founder in Mexico City never reads one day in the menu and the next in an e-mail.
 */
export function founderZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : 'UTC';
}

export function founderDate(at: Date | string, founder: { language: string; timeZone: string | null | undefined }): string {
  const locale = isLanguage(founder.language) ? HTML_LANG[founder.language] : founder.language;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: founderZone(founder.timeZone) }).format(new Date(at));
}
