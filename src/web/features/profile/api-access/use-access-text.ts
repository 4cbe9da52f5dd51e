import { useTranslation } from 'react-i18next';
import type { TokenScope } from '../../../../core/api-tokens/token-schema.ts';
import { intlLocale } from '../../../lib/format.ts';

/** How tokens and connected apps word their scopes and dates, in the founder's language. */
export function useAccessText() {
  const { t, i18n } = useTranslation('profile');
  const format = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return {
    t,
    date: (iso: string) => format.format(new Date(iso)),
    scopes: (scopes: readonly TokenScope[]) => (scopes.includes('write') ? t('apiAccess.scopes.readWrite') : t('apiAccess.scopes.read')),
  };
}
