import { Copy, KeyRound } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import type { ApiAnswer } from '../../../lib/api-routes.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { intlLocale } from '../../../lib/format.ts';
import { type AccountRef, useSignInLink } from './users-api.ts';

/**
 * A one-time sign-in link for a locked-out founder (decision 271): shown here to pass on by
 * a channel the admin trusts, and e-mailed to the founder when the box is ticked.
 */
export function SignInLinkButton({ user }: { user: AccountRef }) {
  const { t, i18n } = useTranslation('admin');
  const make = useSignInLink();
  const linkId = useId();
  const [open, setOpen] = useState(false);
  const [sendEmail, setSendEmail] = useState(false);
  const [made, setMade] = useState<ApiAnswer<'POST /api/admin/users/:userId/sign-in-link'> | null>(null);
  const time = new Intl.DateTimeFormat(intlLocale(i18n.language), { timeStyle: 'short' });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    make.mutate(
      { userId: user.id, sendEmail },
      { onSuccess: setMade, onError: (error) => toast.error(t('operations.signInLink.error'), { description: errorMessage(error) }) },
    );
  }

  function close(next: boolean) {
    setOpen(next);
    if (!next) setMade(null);
  }

  return (
    <>
      <button type="button" className={buttonClass.secondary} aria-label={t('operations.signInLink.label', { email: user.email })} onClick={() => setOpen(true)}>
        <KeyRound aria-hidden="true" className="size-4" />
        {t('operations.signInLink.button')}
      </button>
      <Modal open={open} onOpenChange={close} title={t('operations.signInLink.title', { email: user.email })} description={t('operations.signInLink.body')}>
        {made ? (
          <div className="flex flex-col gap-3">
            <label htmlFor={linkId} className="text-sm font-medium">
              {t('operations.signInLink.link')}
            </label>
            <input id={linkId} readOnly value={made.url} className={cn(inputClass, 'h-11 font-mono text-sm')} onFocus={(event) => event.target.select()} />
            <p role="status" className="text-sm text-muted-foreground">
              {t(made.emailed ? 'operations.signInLink.expiresEmailed' : 'operations.signInLink.expires', { time: time.format(new Date(made.expiresAt)) })}
            </p>
            <ModalActions cancel={t('operations.signInLink.close')} onCancel={() => close(false)}>
              <button
                type="button"
                className={buttonClass.primary}
                onClick={() =>
                  void navigator.clipboard.writeText(made.url).then(
                    () => toast.success(t('operations.signInLink.copied')),
                    () => toast.error(t('operations.signInLink.copyError')),
                  )
                }
              >
                <Copy aria-hidden="true" className="size-4" />
                {t('operations.signInLink.copy')}
              </button>
            </ModalActions>
          </div>
        ) : (
          <form onSubmit={onSubmit} className="flex flex-col gap-4">
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" checked={sendEmail} onChange={(event) => setSendEmail(event.target.checked)} className="size-4 accent-[var(--primary)]" />
              {t('operations.signInLink.sendEmail')}
            </label>
            <ModalActions cancel={t('usersSection.cancel')} onCancel={() => close(false)}>
              <button type="submit" className={buttonClass.primary} disabled={make.isPending}>
                {t('operations.signInLink.create')}
              </button>
            </ModalActions>
          </form>
        )}
      </Modal>
    </>
  );
}
