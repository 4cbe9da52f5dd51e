import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { confirmsEmail } from '../../../core/account/account-status.ts';
import { TextField } from '../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-toast.ts';
import { signOutAndClear } from '../../lib/sign-out.ts';
import { buttonClass } from '../../components/form/buttons.ts';

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
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const matches = confirmsEmail(typed, email);

  async function onDelete(event: FormEvent) {
    event.preventDefault();
    if (!matches) return;
    setPending(true);
    try {
      await apiFetch('/api/account/delete', { method: 'POST', body: JSON.stringify({ email: typed.trim() }) });
    } catch (error) {
      setPending(false);
      toast.error(t('dangerZone.failed'), { description: errorMessage(error) });
      return;
    }
    // Every session has ended on the server; this clears the browser's cookie and flags.
    await signOutAndClear();
    toast.success(t('dangerZone.deleted'), { description: t('dangerZone.deletedDescription') });
    navigate('/auth', { replace: true });
  }

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
        <form noValidate onSubmit={onDelete} className="flex flex-col gap-4">
          <div>
            <DownloadDataLink label={t('dangerZone.dialogDownload')} />
          </div>
          <TextField
            label={t('dangerZone.confirmLabel')}
            name="confirmEmail"
            type="email"
            autoComplete="off"
            value={typed}
            onChange={setTyped}
            error={typed && !matches ? t('dangerZone.mismatch') : undefined}
          />
          <ModalActions cancel={t('dangerZone.cancel')} onCancel={() => setOpen(false)}>
            <button type="submit" className={buttonClass.destructive} disabled={!matches || pending}>
              {pending ? t('dangerZone.deleting') : t('dangerZone.confirm')}
            </button>
          </ModalActions>
        </form>
      </Modal>
    </section>
  );
}
