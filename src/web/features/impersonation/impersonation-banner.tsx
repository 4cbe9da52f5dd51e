import { Eye, LogOut } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useMe } from '../../lib/get-me.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useImpersonation, useReturnToAdmin } from './use-impersonation.ts';

/**
 * While an admin views the app as a founder (docs/product.md#impersonation): a banner above every page,
 * announced politely, with the way back as its first focusable control. At the hour's end
 * the app goes back to the admin's view by itself.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation('impersonation');
  const impersonation = useImpersonation();
  const returnToAdmin = useReturnToAdmin();
  const [returning, setReturning] = useState(false);
  const expiresAt = impersonation?.expiresAt.getTime();
  // A founder without a profile is shown the placeholder profile (GET /api/me says so).
  const me = useMe(useSession().data?.user.id);
  const placeholder = (me.data as { placeholder?: boolean } | undefined)?.placeholder === true;

  useEffect(() => {
    if (expiresAt === undefined) return;
    // setTimeout's longest wait is about 24 days; this one is at most an hour.
    const timer = setTimeout(() => void returnToAdmin(), Math.max(0, expiresAt - Date.now()) + 1000);
    return () => clearTimeout(timer);
  }, [expiresAt, returnToAdmin]);

  if (!impersonation) return null;
  const time = impersonation.expiresAt.toLocaleTimeString(currentLanguage(), { hour: '2-digit', minute: '2-digit' });
  return (
    <section aria-label={t('label')} className="border-b border-amber-300 bg-amber-100 px-4 py-2 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2">
        <Eye aria-hidden="true" className="size-5 shrink-0" />
        <p role="status" className="min-w-0 flex-1 text-sm">
          <span className="font-medium">{t('banner', { email: impersonation.targetEmail })}</span> {t('endsAt', { time })}
          {placeholder ? <span className="block">{t('placeholder')}</span> : null}
        </p>
        {/* Not buttonClass: it stands on the banner's amber, in the banner's own colours. */}
        <button
          type="button"
          disabled={returning}
          onClick={async () => {
            setReturning(true);
            await returnToAdmin();
            setReturning(false);
          }}
          className="inline-flex h-9 items-center gap-2 rounded-md border border-amber-800 bg-white px-3 text-sm font-medium text-amber-950 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-ring disabled:cursor-not-allowed dark:border-amber-300 dark:bg-amber-900 dark:text-amber-50"
        >
          <LogOut aria-hidden="true" className="size-4" />
          {returning ? t('stopping') : t('stop')}
        </button>
      </div>
    </section>
  );
}
