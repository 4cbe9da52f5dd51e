import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatDay } from '../../../../core/metrics/week-label.ts';
import { SecondaryButton } from '../../../components/form/form-parts.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useRevokeShare, useShareLinks } from './updates-api.ts';

/**
 * The update's live share links (decision 263): when each was made and when it stops
 * opening, each with its own Revoke. The links themselves cannot be shown again (only a
 * hash of each is kept), so a founder who lost one revokes it and makes another.
 */
export function ShareLinks({ updateId }: { updateId: string }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const links = useShareLinks(updateId);
  const revoke = useRevokeShare(updateId);
  const language = currentLanguage();
  const day = (iso: string) => formatDay(new Date(iso), language);

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-md border border-border p-3 text-sm" data-testid="share-links">
      <h3 id={`${id}-title`} className="font-medium">
        {t('updates.links.title')}
      </h3>
      <p className="text-muted-foreground">{t('updates.links.hint')}</p>
      {links.isPending ? (
        <p role="status">{t('updates.links.loading')}</p>
      ) : links.isError ? (
        <p role="alert" className="text-destructive">{t('updates.links.loadError')}</p>
      ) : links.data.length === 0 ? (
        <p>{t('updates.links.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {links.data.map((link) => (
            <li key={link.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                {t('updates.links.created', { date: day(link.createdAt) })} · {t('updates.links.expires', { date: day(link.expiresAt) })}
              </span>
              <SecondaryButton
                aria-label={t('updates.links.revokeLabel', { created: day(link.createdAt), date: day(link.expiresAt) })}
                disabled={revoke.isPending}
                onClick={() =>
                  revoke.mutate(link.id, {
                    onSuccess: () => toast.success(t('updates.links.revoked')),
                    onError: (error) => showErrorToast(error, t('updates.revokeError')),
                  })
                }
              >
                {t('updates.links.revoke')}
              </SecondaryButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
