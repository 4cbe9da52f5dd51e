import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { authClient } from '../../lib/auth-client.ts';
import { authErrorKey } from './auth-errors.ts';
import { PrimaryButton, TextField } from '../../components/form/form-parts.tsx';

/**
 * The second step of a password sign-in for an account with two-step verification:
 * the authenticator's current code, or one of the backup codes.
 */
export function TwoFactorChallenge({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const [useBackup, setUseBackup] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = String(form.get('code') ?? '').replace(/\s+/g, '');
    // Backup codes are upper case (src/server/auth/backup-codes.ts); a code typed in lower case still counts.
    const code = useBackup ? typed.toUpperCase() : typed;
    // Ended by signing out here, by a new password, or from the security page (decision 102).
    const trustDevice = form.get('trustDevice') === 'on';
    if (!useBackup && !/^\d{6}$/.test(code)) {
      setError(t('errors.invalidCode'));
      return;
    }
    if (useBackup && code.length < 6) {
      setError(t('errors.invalidCode'));
      return;
    }
    setError(undefined);
    setPending(true);
    try {
      const { error: failure } = useBackup
        ? await authClient.twoFactor.verifyBackupCode({ code, trustDevice })
        : await authClient.twoFactor.verifyTotp({ code, trustDevice });
      if (failure) {
        const key = authErrorKey('two-factor', failure);
        setError(t(key));
        if (key === 'errors.challengeExpired' || key === 'errors.tooManyAttempts') toast.error(t('toast.signInError'), { description: t(key) });
        return;
      }
      onVerified();
    } finally {
      setPending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-labelledby="two-factor-title">
      <div className="flex items-center gap-2">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        <h2 id="two-factor-title" className="text-lg font-semibold">
          {t('twoFactor.title')}
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">{t(useBackup ? 'twoFactor.backupIntro' : 'twoFactor.intro')}</p>
      <TextField
        key={useBackup ? 'backup' : 'totp'}
        label={t(useBackup ? 'fields.backupCode' : 'fields.twoFactorCode')}
        name="code"
        autoComplete="one-time-code"
        inputMode={useBackup ? 'text' : 'numeric'}
        maxLength={useBackup ? 32 : 6}
        autoFocus
        required
        error={error}
      />
      <label className="flex items-start gap-2 text-sm">
        <input name="trustDevice" type="checkbox" className="mt-0.5 size-4" />
        <span>
          {t('twoFactor.trustDevice')}
          <span className="block text-muted-foreground">{t('twoFactor.trustDeviceHint')}</span>
        </span>
      </label>
      <PrimaryButton pending={pending}>{pending ? t('submit.pending') : t('twoFactor.verify')}</PrimaryButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={() => {
            setUseBackup(!useBackup);
            setError(undefined);
          }}
          className={buttonClass.link}
        >
          {t(useBackup ? 'twoFactor.useApp' : 'twoFactor.useBackup')}
        </button>
        <button type="button" onClick={onCancel} className={cn(buttonClass.link, 'text-muted-foreground')}>
          {t('twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}
