import { buttonClass } from '../../../components/form/buttons.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MonitorSmartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { browserName } from '../../../../core/security/user-agent.ts';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { intlLocale } from '../../../lib/format.ts';

/** GET /api/account/trusted-devices: the server's answer, as JSON. */
type TrustedDevices = ApiAnswer<'GET /api/account/trusted-devices'>;
type TrustedDevice = TrustedDevices['devices'][number];

const TRUSTED_DEVICES = ['account', 'trusted-devices'] as const;

/**
 * The browsers that skip the two-step code (decision 102), each with a "Forget" button:
 * a founder who lost a laptop, or used a shared computer, ends its trust here.
 */
export function TrustedDevices() {
  const { t, i18n } = useTranslation('twoFactor');
  const queryClient = useQueryClient();
  const devices = useQuery({
    queryKey: TRUSTED_DEVICES,
    queryFn: () => api('GET /api/account/trusted-devices'),
  });
  const forget = useMutation({
    mutationFn: (id: string) => api('DELETE /api/account/trusted-devices/:id', { params: { id } }),
    onSuccess: () => {
      toast.success(t('trusted.forgotten'));
      void queryClient.invalidateQueries({ queryKey: TRUSTED_DEVICES });
    },
    onError: (error) => showErrorToast(error, t('errors.generic')),
  });
  const date = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }).format(new Date(iso));
  const nameOf = (device: TrustedDevice) => {
    const { browser, system } = browserName(device.userAgent);
    if (browser && system) return t('trusted.browserOn', { browser, system });
    return browser ?? system ?? t('trusted.unknownBrowser');
  };

  return (
    <section aria-labelledby="trusted-title" className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:p-6">
      <h2 id="trusted-title" className="text-lg font-semibold">
        {t('trusted.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('trusted.intro')}</p>
      {devices.isPending ? (
        <p className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : devices.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('trusted.error')}
        </p>
      ) : devices.data.devices.length === 0 ? (
        <p className="text-sm">{t('trusted.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {devices.data.devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center gap-3 py-3">
              <MonitorSmartphone aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {nameOf(device)}
                  {device.current && <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs font-normal">{t('trusted.thisBrowser')}</span>}
                </p>
                <p className="text-sm text-muted-foreground">{t('trusted.since', { date: date(device.trustedAt), until: date(device.expiresAt) })}</p>
              </div>
              <button
                type="button"
                disabled={forget.isPending}
                onClick={() => forget.mutate(device.id)}
                aria-label={t('trusted.forgetLabel', { browser: nameOf(device), date: date(device.trustedAt) })}
                className={buttonClass.compact}
              >
                {t('trusted.forget')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
