import { useTranslation } from 'react-i18next';
import { TrustedDevices } from './trusted-devices.tsx';
import { TwoFactorSettings } from './two-factor-settings.tsx';

/** /profile/security: the account's sign-in protection: two-step verification and the browsers trusted to skip it. */
export function SecurityPage() {
  const { t } = useTranslation('twoFactor');
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('page.title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('page.subtitle')}</p>
      </header>
      <TwoFactorSettings />
      <TrustedDevices />
    </div>
  );
}
