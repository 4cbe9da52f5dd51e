import { Eye } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TextField } from '../../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { useStartImpersonation } from '../../impersonation/index.ts';
import type { AccountRef } from './users-api.ts';
import { buttonClass } from '../../../components/form/buttons.ts';

const needsPassword = (error: unknown) => error instanceof ApiError && error.code === 'REAUTHENTICATION_REQUIRED';

/**
 * 'View as': starts viewing the app as this founder. The server asks for the admin's
 * password when their sign-in is not recent (decision 023); then a dialog asks for it.
 */
export function ViewAsButton({ user }: { user: AccountRef }) {
  const { t } = useTranslation(['admin', 'impersonation']);
  const start = useStartImpersonation();
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const [wrong, setWrong] = useState(false);

  async function attempt(withPassword?: string) {
    setPending(true);
    try {
      await start(user.id, withPassword);
    } catch (error) {
      if (needsPassword(error)) {
        setWrong(withPassword !== undefined);
        setAsking(true);
      } else {
        setAsking(false);
        toast.error(t('impersonation:toast.startError'), { description: errorMessage(error) });
      }
    } finally {
      setPending(false);
    }
  }

  function onConfirm(event: FormEvent) {
    event.preventDefault();
    if (password) void attempt(password);
  }

  return (
    <>
      <button type="button" className={buttonClass.secondary} disabled={pending} aria-label={t('admin:usersSection.viewAsLabel', { email: user.email })} onClick={() => void attempt()}>
        <Eye aria-hidden="true" className="size-4" />
        {t('admin:usersSection.viewAs')}
      </button>
      <Modal open={asking} onOpenChange={setAsking} title={t('impersonation:confirm.title')} description={t('impersonation:confirm.body')}>
        <form noValidate onSubmit={onConfirm} className="flex flex-col gap-4">
          <TextField
            label={t('impersonation:confirm.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(value) => {
              setPassword(value);
              setWrong(false);
            }}
            error={wrong ? t('impersonation:confirm.wrong') : undefined}
          />
          <ModalActions cancel={t('admin:usersSection.cancel')} onCancel={() => setAsking(false)}>
            <button type="submit" className={buttonClass.primary} disabled={pending || !password}>
              {t('impersonation:confirm.submit')}
            </button>
          </ModalActions>
        </form>
      </Modal>
    </>
  );
}
