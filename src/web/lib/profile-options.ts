import { useTranslation } from 'react-i18next';
import { HTML_LANG } from '../../core/i18n/language.ts';
import { COUNTRY_CODES, CURRENCIES, FOUNDER_TYPES, STARTUP_PHASES, TEAM_SIZES } from '../../core/profile/profile-fields.ts';
import type { Option } from '../components/form/fields.tsx';

/** The translated choices of the profile's enumerations (docs/product.md#values). */
export function useProfileOptions() {
  const { t, i18n } = useTranslation('profile');
  const language = HTML_LANG[i18n.resolvedLanguage === 'es-LA' ? 'es-LA' : 'en'];
  const countryNames = new Intl.DisplayNames([language], { type: 'region' });
  const currencyNames = new Intl.DisplayNames([language], { type: 'currency' });
  const collator = new Intl.Collator(language);
  return {
    teamSizes: TEAM_SIZES.map((value) => ({ value, label: t(`options.teamSize.${value}`) })),
    phases: STARTUP_PHASES.map((value) => ({ value, label: t(`options.phase.${value}`) })),
    founderTypes: FOUNDER_TYPES.map((value) => ({ value, label: t(`options.founderType.${value}`) })),
    countries: COUNTRY_CODES.map((value) => ({ value, label: countryNames.of(value) ?? value })).sort((a, b) => collator.compare(a.label, b.label)),
    currencies: CURRENCIES.map((value) => ({ value, label: `${value} · ${currencyNames.of(value) ?? value}` })),
    timeZones: timeZoneOptions(),
  };
}

let zones: Option[] | undefined;
function timeZoneOptions(): Option[] {
  zones ??= Intl.supportedValuesOf('timeZone').map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ') }));
  return zones;
}

/** The browser's IANA time zone (onboarding step 4 detects it). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
