import { buttonClass } from '../../components/form/buttons.ts';
import { Gift, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDismissReferralNotice, useReferralNotices } from './referrals-api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';

/**
 * A rewarded referral, told in the app (docs/decisions/195-referral-reward-notices.md): the
 * inviter's and the invited founder's month of Premium, each shown until dismissed. Overview
 * and /referral show the same banners.
 */
export function ReferralNotices() {
  const { t } = useTranslation('referrals');
  const notices = useReferralNotices();
  const dismiss = useDismissReferralNotice();
  if (!notices.data?.length) return null;
  return (
    <div className="space-y-3">
      {notices.data.map((notice) => (
        <div key={notice.id} role="status" data-testid="referral-notice" className="flex items-start gap-3 rounded-xl border border-primary/40 bg-primary/10 p-4">
          <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{t(`notice.${notice.role}.title`, { count: notice.months })}</p>
            <p className="mt-1 text-sm text-muted-foreground">{t(`notice.${notice.role}.body`, { count: notice.months })}</p>
            <Link to="/subscription" className="mt-2 inline-block text-sm font-medium text-primary underline-offset-4 hover:underline">
              {t('notice.link')}
            </Link>
          </div>
          <button
            type="button"
            aria-label={t('notice.dismiss')}
            onClick={() => dismiss.mutate(notice.id, { onError: (error) => showErrorToast(error, t('notice.dismissFailed')) })}
            className={buttonClass.icon}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
