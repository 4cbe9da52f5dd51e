import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { confirmsEmail } from '../../../../core/account/account-status.ts';
import { DELETE_REASON_MAX } from '../../../../core/admin/admin-operations.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { TextField } from '../../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { errorMessage } from '../../../lib/error-toast.ts';
import { type AccountRef, useDeleteUser } from './users-api.ts';

/**
 * Delete an account and everything of it (decision 270): the admin types the account's
 * address to confirm and says why (kept in the audit log). Back to the list once done.
 */
export function DeleteUserButton({ user }: { user: AccountRef }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const remove = useDeleteUser();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const confirmed = confirmsEmail(typed, user.email);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) return;
    // Leaves the page as soon as the account is gone: its query would answer 404.
    remove.mutateAsync({ userId: user.id, email: typed, reason }).then(
      () => {
        setOpen(false);
        toast.success(t('operations.delete.done', { email: user.email }));
        void navigate('/admin');
      },
      (error: unknown) => toast.error(t('operations.delete.error'), { description: errorMessage(error) }),
    );
  }

  return (
    <>
      <button type="button" className={buttonClass.destructive} aria-label={t('operations.delete.label', { email: user.email })} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t('operations.delete.button')}
      </button>
      <Modal open={open} onOpenChange={setOpen} title={t('operations.delete.title', { email: user.email })} description={t('operations.delete.body')}>
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            label={t('operations.delete.typeEmail', { email: user.email })}
            name="confirm-email"
            type="email"
            autoComplete="off"
            required
            value={typed}
            onChange={setTyped}
            error={typed.trim() && !confirmed ? t('operations.delete.mismatch') : undefined}
          />
          <TextField
            label={t('operations.delete.reason')}
            name="reason"
            multiline
            value={reason}
            onChange={setReason}
            error={reason.length > DELETE_REASON_MAX ? t('operations.delete.reasonTooLong', { max: DELETE_REASON_MAX }) : undefined}
          />
          <ModalActions cancel={t('usersSection.cancel')} onCancel={() => setOpen(false)}>
            <button type="submit" className={buttonClass.destructive} disabled={!confirmed || remove.isPending || reason.length > DELETE_REASON_MAX}>
              {t('operations.delete.confirm')}
            </button>
          </ModalActions>
        </form>
      </Modal>
    </>
  );
}
