import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { confirmsEmail, DeleteAccountInput } from '../../../core/account/account-status.ts';
import { TextField } from '../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { api } from '../../lib/api-routes.ts';
import { errorMessage } from '../../lib/error-toast.ts';
import { signOutAndClear } from '../../lib/sign-out.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

const MISMATCH = 'validation:account.emailMismatch';

/** The founder's data as a zip (decision 196); a plain link, so the browser streams it to disk. */
const DATA_EXPORT_URL = '/api/account/export';

function DownloadDataLink({ label }: { label: string }) {
  return (
    <a href={DATA_EXPORT_URL} download className={buttonClass.secondary}>
      <Download aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

/**
 * Deleting the account (docs/product.md#account-states, decisions 025 and 197), confirmed by typing
 * the e-mail, with "Download my data" offered first; it closes the Subscription page, since
 * deleting also ends the subscription.
 */
export function DangerZone({ email }: { email: string }) {
  const { t } = useTranslation('subscription');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const form = useSchemaForm(DeleteAccountInput, { email: '' }, {
    check: ({ email: typed }) => (confirmsEmail(typed, email) ? [] : [{ path: 'email', message: MISMATCH }]),
    onSubmit: async (input) => {
      await api('POST /api/account/delete', { json: input });
      // Every session has ended on the server; this clears the browser's cookie and flags.
      await signOutAndClear();
      toast.success(t('dangerZone.deleted'), { description: t('dangerZone.deletedDescription') });
      navigate('/auth', { replace: true });
    },
    // The server's refusal of the address shows under it; anything else is a toast.
    onError: (error, onFields) => onFields || toast.error(t('dangerZone.failed'), { description: errorMessage(error) }),
  });
  const typed = form.values.email;
  const matches = confirmsEmail(typed, email);

  return (
    <section aria-labelledby="danger-zone-title" className="rounded-lg border border-destructive/50 p-5 sm:p-6">
      <h2 id="danger-zone-title" className="text-lg font-semibold text-destructive">
        {t('dangerZone.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('dangerZone.body')}</p>
      <p className="mt-3 text-sm text-muted-foreground">
        {t('dangerZone.downloadHint')}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <DownloadDataLink label={t('dangerZone.download')} />
        <button type="button" className={`${buttonClass.secondary} border-destructive text-destructive`} onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" />
          {t('dangerZone.delete')}
        </button>
      </div>
      <Modal open={open} onOpenChange={setOpen} title={t('dangerZone.dialogTitle')} description={t('dangerZone.dialogBody', { email })}>
        <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4">
          <div>
            <DownloadDataLink label={t('dangerZone.dialogDownload')} />
          </div>
          <TextField
            label={t('dangerZone.confirmLabel')}
            {...form.control('email')}
            type="email"
            autoComplete="off"
            // Said while typing, before any submit: the button waits for the account's own address.
            error={form.errors.email ?? (typed && !matches ? t(MISMATCH) : undefined)}
          />
          <ModalActions cancel={t('dangerZone.cancel')} onCancel={() => setOpen(false)}>
            <button type="submit" className={buttonClass.destructive} disabled={!matches || form.submitting}>
              {form.submitting ? t('dangerZone.deleting') : t('dangerZone.confirm')}
            </button>
          </ModalActions>
        </form>
      </Modal>
    </section>
  );
}
