import { Ban, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

import { Modal, ModalActions } from '../../../components/modal.tsx';
import { errorMessage } from '../../../lib/error-toast.ts';
import { type AccountRef, useSetAccountStatus } from './users-api.ts';
import { buttonClass } from '../../../components/form/buttons.ts';

/** Suspend (after a confirmation: it signs the founder out everywhere) or reactivate a founder's account. */
export function StatusButton({ user }: { user: AccountRef }) {
  const { t } = useTranslation('admin');
  const setStatus = useSetAccountStatus();
  const [confirming, setConfirming] = useState(false);
  const suspended = user.status === 'suspended';

  function change(status: 'active' | 'suspended') {
    setStatus.mutate(
      { userId: user.id, status },
      {
        onSuccess: () => {
          setConfirming(false);
          toast.success(t(status === 'suspended' ? 'usersSection.toast.suspended' : 'usersSection.toast.reactivated'));
        },
        onError: (error) => toast.error(t('usersSection.toast.statusError'), { description: errorMessage(error) }),
      },
    );
  }

  if (suspended) {
    return (
      <button type="button" className={buttonClass.secondary} disabled={setStatus.isPending} aria-label={t('usersSection.reactivateLabel', { email: user.email })} onClick={() => change('active')}>
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('usersSection.reactivate')}
      </button>
    );
  }
  return (
    <>
      <button type="button" className={buttonClass.secondary} aria-label={t('usersSection.suspendLabel', { email: user.email })} onClick={() => setConfirming(true)}>
        <Ban aria-hidden="true" className="size-4" />
        {t('usersSection.suspend')}
      </button>
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={t('usersSection.confirmSuspend.title', { email: user.email })}
        description={t('usersSection.confirmSuspend.body')}
      >
        <ModalActions cancel={t('usersSection.cancel')} onCancel={() => setConfirming(false)}>
          <button type="button" className={buttonClass.destructive} disabled={setStatus.isPending} onClick={() => change('suspended')}>
            {t('usersSection.confirmSuspend.confirm')}
          </button>
        </ModalActions>
      </Modal>
    </>
  );
}
