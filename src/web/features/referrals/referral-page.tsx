import { Copy, Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass } from '../../components/form/buttons.ts';
import { ReferralNotices } from './referral-notices.tsx';
import { type ReferralCode, useCreateReferralCode, useReferralCodes } from './referrals-api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { intlLocale } from '../../lib/format.ts';
import { shareLinks, shareUrl } from './share-links.ts';

/**
 * /referral (docs/referrals.md): create a code (+5 points), share its link, and follow each
 * code from available to pending to rewarded.
 */
export function ReferralPage() {
  const { t } = useTranslation('referrals');
  const codes = useReferralCodes();
  const create = useCreateReferralCode();

  function onCreate() {
    create.mutate(undefined, {
      onSuccess: () => toast.success(t('created')),
      onError: (error) => showErrorToast(error, t('createFailed')),
    });
  }

  return (
    <section aria-labelledby="referral-title" className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 id="referral-title" className="text-2xl font-semibold tracking-tight">
          {t('title')}
        </h1>
        <p className="mt-2 text-muted-foreground">{t('intro')}</p>
      </header>
      <ReferralNotices />
      <button id="referral-create" type="button" className={buttonClass.primary} onClick={onCreate} disabled={create.isPending}>
        <Gift aria-hidden className="size-4" />
        {t('create')}
      </button>
      {codes.isError ? <p role="alert">{t('loadFailed')}</p> : null}
      {codes.data && codes.data.length === 0 ? <p className="text-muted-foreground">{t('empty')}</p> : null}
      <ul id="referral-codes" className="space-y-4" aria-label={t('listLabel')}>
        {codes.data?.map((code) => <CodeItem key={code.code} code={code} />)}
      </ul>
    </section>
  );
}

function CodeItem({ code }: { code: ReferralCode }) {
  const { t, i18n } = useTranslation('referrals');
  const url = shareUrl(window.location.origin, code.code);
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }).format(new Date(iso)) : null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('copied'));
    } catch {
      toast.error(t('copyFailed'));
    }
  }

  return (
    <li className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-mono text-lg">{code.code}</span>
        <span className="rounded-full bg-muted px-2 py-0.5 text-sm">{t(`status.${code.status}`)}</span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-muted-foreground">
        <dt>{t('dates.created')}</dt>
        <dd>{date(code.createdAt)}</dd>
        {code.referred ? (
          <>
            <dt>{t('who.label')}</dt>
            <dd data-testid="referred-founder">{whoText(code.referred, t)}</dd>
          </>
        ) : null}
        {code.usedAt ? (
          <>
            <dt>{t('dates.used')}</dt>
            <dd>{date(code.usedAt)}</dd>
          </>
        ) : null}
        {code.rewardedAt ? (
          <>
            <dt>{t('dates.rewarded')}</dt>
            <dd>{date(code.rewardedAt)}</dd>
          </>
        ) : null}
      </dl>
      {code.status === 'available' ? (
        <div className="mt-3 space-y-2">
          <p className="break-all text-sm">{url}</p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => void copy()}>
              <Copy aria-hidden className="size-4" />
              {t('copy')}
            </button>
            {shareLinks(url, t('shareMessage')).map((link) => (
              <a key={link.key} className={buttonClass.secondary} href={link.href} target="_blank" rel="noopener noreferrer">
                {t(`share.${link.key}`)}
              </a>
            ))}
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Who used a code, as the server allowed it to say (their community visibility). */
function whoText(referred: NonNullable<ReferralCode['referred']>, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (referred.kind === 'public') return referred.name;
  if (referred.kind === 'anonymous') return t('who.anonymous', { pseudonym: referred.pseudonym });
  return t('who.hidden');
}
